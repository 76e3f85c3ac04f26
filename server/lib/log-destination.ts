import pino from 'pino';

/**
 * The server's log (Fastify's `logger` option): pino at `level`, to stdout, written without holding
 * up requests. pino's own default writes each line at once, synchronously: when whatever reads
 * stdout falls behind (a busy log collector, a full pipe), every request waits on that write, and
 * under load the writes cost the event loop one system call per line. Here lines go out in the
 * background, those logged while a write is out together in the next one; pino writes what is left
 * synchronously when the process exits (`process.exit` too), so only a kill -9 can lose the last few.
 */
export function serverLogOptions(level: string) {
  return { level, stream: pino.destination({ dest: 1, sync: false }) };
}
