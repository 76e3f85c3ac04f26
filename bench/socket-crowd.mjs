// Many idle sockets for bench/realtime.mjs's --idle-sockets phase, opened by a few child processes
// (this file, forked): one process alone spends seconds of its event loop on 10,000 handshakes and
// timers, and its own lag would be counted as the server's broadcast delay. Each child opens its
// share of the sockets in batches (a batch's handshakes at once, the next when they have all
// answered), each signed in as the SPA signs in (socket.io over WebSocket, `auth: { token }`), then
// times each 'bench-broadcast' from its emit (the server's `sentAt`, wall clock from
// performance.timeOrigin, the same clock here on one machine) to its arrival, and counts
// disconnects, until the parent asks for the figures.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Forks `processes` children and shares `tokens` (one socket each) among them; resolves once every
 * socket has connected or been refused: { connected, refused, seconds, record(), report(), close() }.
 * `record()` starts timing broadcasts (those before it are not counted); `report()` resolves to
 * { latencies: number[] (ms), disconnects (since each socket connected) }; `close()` closes the
 * sockets and ends the children.
 */
export async function openCrowd({ url, tokens, processes = 2, batch = 500 }) {
  const started = performance.now();
  const children = Array.from({ length: processes }, () => fork(fileURLToPath(import.meta.url), ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const nextMessage = (child, type) => new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code) => reject(new Error(`a socket-crowd child exited (code ${code}) before answering ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  const all = (type, send) => Promise.all(children.map((child, index) => {
    const answer = nextMessage(child, type);
    child.send(send(index));
    return answer;
  }));
  const share = Math.ceil(tokens.length / processes);
  const opened = await all('opened', (index) => ({ type: 'open', url, batch, tokens: tokens.slice(index * share, (index + 1) * share) }));
  return {
    connected: opened.reduce((sum, answer) => sum + answer.connected, 0),
    refused: opened.reduce((sum, answer) => sum + answer.refused, 0),
    seconds: (performance.now() - started) / 1000,
    record: () => all('recording', () => ({ type: 'record' })),
    report: async () => {
      const answers = await all('report', () => ({ type: 'report' }));
      return { latencies: answers.flatMap((answer) => answer.latencies), disconnects: answers.reduce((sum, answer) => sum + answer.disconnects, 0) };
    },
    close: async () => {
      await Promise.all(children.map((child) => new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.send({ type: 'close' });
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      })));
    },
  };
}

async function child() {
  const { io } = await import('socket.io-client');
  const sockets = [];
  const latencies = [];
  let recording = false;
  let closing = false;
  let disconnects = 0;
  const now = () => performance.timeOrigin + performance.now();
  const connect = (url, token) => new Promise((resolve) => {
    const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    socket.on('bench-broadcast', ({ sentAt }) => {
      if (recording) latencies.push(now() - sentAt);
    });
    // Any socket dropped before the parent closes them counts, from its connect on.
    socket.on('disconnect', () => {
      if (!closing) disconnects++;
    });
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
  process.on('message', async (message) => {
    if (message.type === 'open') {
      let connected = 0;
      for (let at = 0; at < message.tokens.length; at += message.batch) {
        const results = await Promise.all(message.tokens.slice(at, at + message.batch).map((token) => connect(message.url, token)));
        connected += results.filter(Boolean).length;
      }
      process.send({ type: 'opened', connected, refused: message.tokens.length - connected });
    } else if (message.type === 'record') {
      recording = true;
      process.send({ type: 'recording' });
    } else if (message.type === 'report') {
      recording = false;
      process.send({ type: 'report', latencies, disconnects });
    } else if (message.type === 'close') {
      closing = true;
      for (const socket of sockets) socket.close();
      process.disconnect();
      setTimeout(() => process.exit(0), 100);
    }
  });
}

if (process.argv.includes('--child') && process.send) await child();
