// `npm run dev`: the API server (tsx watch, restarts on change) and webpack-dev-server with hot
// reload, which proxies /api, /uploads and socket.io to it. One command, one Ctrl-C.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webPort = process.env.PORT ?? '8080';
const apiPort = process.env.API_PORT ?? String(Number(webPort) + 1);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, PORT: apiPort, STATIC_DIR: path.join(root, 'public') },
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, WEB_PORT: webPort, API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log(`Need Spot dev: open http://localhost:${webPort} (API on ${apiPort})`);
