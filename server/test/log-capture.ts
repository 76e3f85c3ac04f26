import { Writable } from 'node:stream';

/** A pino stream that keeps each log line, for tests that read what the server logs. */
export function logCapture(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
