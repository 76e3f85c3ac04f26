// `npm run backup` on the embedded database while the server runs. PGlite is one process's: the
// running server holds DATA_DIR's lock (lib/data-dir-lock.ts) and the command cannot open the
// database. So the server answers it on a Unix socket in DATA_DIR, with the tables' state and the
// data directory's dump taken at one point on its database thread (db/table-state.ts
// snapshotPglite). The socket's file is readable and writable by the server's user alone (0600):
// only whoever may read DATA_DIR's files may take a copy of them.
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PgliteSnapshot } from '../db/table-state.js';

export const BACKUP_SOCKET = 'backup.sock';

export const backupSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), BACKUP_SOCKET);

/** The one request there is, a line. */
const REQUEST = 'backup';
/** A client that connects and says nothing is dropped after this long. */
const REQUEST_TIMEOUT_MS = 10_000;

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Listens on DATA_DIR/backup.sock (a file left by a server that was killed is removed first: the
 * caller holds DATA_DIR's lock, so no live server owns it). Each connection that sends `backup\n`
 * gets one line of JSON, `{ state, dumpBytes }` (or `{ error }`), then the dump's bytes. One backup
 * at a time (each holds the whole dump in memory); a second meanwhile is told to try again.
 * Resolves to the function that stops listening and removes the file, or to a no-op when the socket
 * cannot be made (logged: the server runs on, and `npm run backup` says it found no server to ask).
 */
export async function serveBackups(dataDir: string, take: () => Promise<PgliteSnapshot>, log: Log): Promise<() => Promise<void>> {
  const file = backupSocketPath(dataDir);
  let busy = false;
  /** Connected, and not asked anything yet: dropped at close (one being answered finishes first). */
  const silent = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.on('error', () => {}); // a client that went away: nothing to answer
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('latin1');
      const end = request.indexOf('\n');
      if (end === -1) {
        if (request.length > REQUEST.length + 1) socket.destroy();
        return;
      }
      socket.off('data', onData);
      silent.delete(socket);
      socket.setTimeout(0);
      void answer(socket, request.slice(0, end));
    };
    socket.on('data', onData);
  });

  async function answer(socket: net.Socket, line: string) {
    const fail = (error: string) => socket.end(`${JSON.stringify({ error })}\n`);
    if (line !== REQUEST) return fail(`Unknown request (this server answers "${REQUEST}").`);
    if (busy) return fail('A backup is being taken already: try again once it is done.');
    busy = true;
    const started = performance.now();
    try {
      let snapshot: PgliteSnapshot;
      try {
        snapshot = await take();
      } catch (error) {
        log.warn({ err: error }, 'Backup: could not dump the embedded database');
        return fail(`The server could not dump its database: ${(error as Error).message}`);
      }
      const { state, dump } = snapshot;
      log.info({ bytes: dump.byteLength, ms: Math.round(performance.now() - started) }, 'Backup: the embedded database was dumped for npm run backup');
      if (socket.destroyed) return; // the client went away meanwhile
      socket.write(`${JSON.stringify({ state, dumpBytes: dump.byteLength })}\n`);
      // The next backup may start once this one's bytes are handed to the system, or the client left.
      await new Promise<void>((resolve) => {
        socket.once('close', resolve);
        socket.end(Buffer.from(dump), resolve);
      });
    } finally {
      busy = false;
    }
  }

  rmSync(file, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // The file is made by bind(), which listen() runs before it returns: under this umask it is
      // never, even for a moment, open to others. Nothing else of the server creates files now
      // (it starts listening for HTTP after this).
      const umask = process.umask(0o177);
      try {
        server.listen(file, () => resolve());
      } finally {
        process.umask(umask);
      }
    });
    chmodSync(file, 0o600);
  } catch (error) {
    server.close();
    log.warn({ err: error, file }, 'Backup: cannot listen on the backup socket; npm run backup will not reach this server');
    return async () => {};
  }
  return async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of silent) socket.destroy();
    await closed;
    rmSync(file, { force: true });
  };
}

/** What a server answered: the state and the dump (see serveBackups). */
export interface ServerBackup {
  state: PgliteSnapshot['state'];
  dump: Buffer;
}

/**
 * Asks the server running on DATA_DIR for a backup. Resolves to `undefined` when none listens (no
 * socket, or a file left by a server that was killed); rejects with the server's reason otherwise.
 */
export function requestBackup(dataDir: string): Promise<ServerBackup | undefined> {
  const file = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = net.createConnection(file, () => {
      connected = true;
      socket.write(`${REQUEST}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '')) resolve(undefined);
      else if (error.code === 'EACCES') reject(new Error(`Not allowed to use ${file}: run the backup as the user the server runs as.`));
      else reject(new Error(`The server's backup socket (${file}) failed: ${error.message}`));
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline === -1) return reject(new Error(`The server closed its backup socket (${file}) without an answer.`));
      const head = JSON.parse(all.subarray(0, newline).toString('utf8')) as { error?: string; state?: PgliteSnapshot['state']; dumpBytes?: number };
      if (head.error !== undefined) return reject(new Error(head.error));
      const dump = all.subarray(newline + 1);
      if (dump.length !== head.dumpBytes) return reject(new Error(`The server's answer was cut short (${dump.length} of ${head.dumpBytes} bytes).`));
      resolve({ state: head.state!, dump });
    });
  });
}
