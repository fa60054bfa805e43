// `npm run dev`: the API (embedded database, dev mailbox) on API_PORT and the Vite dev server with hot
// reload in front of it, proxying /plat (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';
const api = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: apiPort,
    SERVE_WEB: '0',
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173',
  },
});

process.env.VITE_API_PROXY = `http://127.0.0.1:${apiPort}`;
const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  // The API first: it owns the database, which must shut down cleanly whatever Vite does.
  api.once('exit', () => process.exit(code));
  api.kill('SIGINT');
  await vite.close().catch(() => undefined);
}
process.on('SIGINT', () => void stop(0));
// However this process ends, the API does not outlive it.
process.on('exit', () => api.kill('SIGINT'));
process.on('SIGTERM', () => void stop(0));
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API stopped (exit ${code}); stopping the dev server.`);
    void stop(code ?? 1);
  }
});
