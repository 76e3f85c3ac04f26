/** Types of scripts/scale-stack.mjs (see its header). */
import type { ChildProcess } from 'node:child_process';

export interface ScaleInstance {
  port: number;
  url: string;
  /** The running process (the last one started), if any. */
  child: ChildProcess | undefined;
  /** Everything it printed so far. */
  output: string;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | string | undefined>;
}

export interface AccessLine {
  remote: string;
  time: string;
  request: string;
  status: number;
  bytes: number;
  requestTime: number;
  /** The instance(s) that answered, as nginx logs $upstream_addr ("a, b" after a retry). */
  upstream: string;
  upstreamStatus: string;
  id: string;
}

export interface ScaleStack {
  url: string;
  dir: string;
  databaseUrl: string;
  redisUrl: string;
  s3Url: string;
  instances: ScaleInstance[];
  accessLog(): AccessLine[];
  nginxErrorLog(): string;
  stop(): Promise<void>;
}

export function startScaleStack(options?: { instances?: number; env?: Record<string, string>; root?: string; log?: (line: string) => void }): Promise<ScaleStack>;
export function missingBinaries(options?: { nginx?: boolean }): string[];
export function pgBinDir(): string | undefined;
export function renderNginxConfig(template: string, options: { port: number; upstreams: string[]; dir: string }): string;
export function parseAccessLine(line: string): AccessLine | undefined;
export function startPostgres(dir: string, options?: { durable?: boolean }): Promise<{ url: string; port: number; bin: string; stop(): void }>;
export function startRedis(): Promise<{ url: string; port: number; stop(): Promise<unknown> }>;
export function startS3(dir: string, bucket?: string): Promise<{ url: string; port: number; stop(): Promise<unknown> }>;
export function serverInstance(root: string, env: Record<string, string>, port: number, log?: (line: string) => void): ScaleInstance;
