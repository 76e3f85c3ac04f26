import pino from 'pino';

/**
 * The server's log (Fastify's `logger` option): pino at `level`, to stdout, written without holding
 * up requests. pino's own default writes each line at once, synchronously: when whatever reads
 * stdout falls behind (a busy log collector, a full pipe), every request waits on that write, and
 * under load the writes cost the event loop one system call per line. Here lines go out in the
 * background, those logged while a write is out together in the next one. What is still queued when
 * the process exits (`process.exit` too) is written then, synchronously; a write already under way at
 * that moment, or a kill -9, can lose the last lines. A reader stalled for good no longer stops the
 * server, and cannot fill its memory either: past MAX_QUEUED bytes waiting, new lines are dropped.
 */
export function serverLogOptions(level: string) {
  return { level, stream: pino.destination({ dest: 1, sync: false, maxLength: MAX_QUEUED }) };
}

/** The most log text kept waiting for a slow reader (16 MiB: minutes of lines at full load). */
export const MAX_QUEUED = 16 * 1024 * 1024;
