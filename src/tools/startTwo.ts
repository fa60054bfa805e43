// `npm run start:two`: the portal as two instances on one machine, the way it runs on two machines,
// with nothing to install: one embedded PostgreSQL and one S3-compatible store (s3rver) that both
// instances share, each instance with its own DATA_DIR and its own `npm start` supervisor, and a
// round-robin load balancer in front (src/tools/loadBalancer.ts, on http-proxy) on PORT (default
// 3000). Ctrl-C stops everything, the database last. Everything lives under TWO_DATA_DIR (default ./data-two).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import S3rver from 's3rver';
import { DEFAULT_METRICS_PORT } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { startLoadBalancer } from './loadBalancer';

const root = path.resolve(process.env.TWO_DATA_DIR ?? 'data-two');
const port = Number(process.env.PORT ?? 3000);
const host = '127.0.0.1';
const BUCKET = 'portal-files';
const LISTENING = /Portal listening on (http:\/\/\S+)/;

mkdirSync(path.join(root, 's3'), { recursive: true });
const database = await startEmbeddedPostgres({ dataDir: path.join(root, 'shared') });
await runMigrations(database.url);
const store = new S3rver({
  address: host,
  port: 0,
  silent: true,
  directory: path.join(root, 's3'),
  configureBuckets: [{ name: BUCKET }],
});
const { port: s3Port } = await store.run();
const publicUrl = `http://${host}:${port}`;

// Each instance is its own machine with its own metrics port: METRICS_PORT (default 9464) for A, the
// next one for B, so the two supervisors do not race for one port; 'off' turns both off.
const metricsBase = process.env.METRICS_PORT;
const metricsPortOf = (index: number) =>
  metricsBase === 'off' ? 'off' : String(Number(metricsBase ?? DEFAULT_METRICS_PORT) + index);

function startInstance(name: string, index: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: host,
      DATA_DIR: path.join(root, name),
      DATABASE_URL: database.url,
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://${host}:${s3Port}`,
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: host,
      METRICS_PORT: metricsPortOf(index),
    },
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[${name}] ${line}`);
      const url = LISTENING.exec(line)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`instance ${name} exited (${code}) before listening`)));
  });
}

// One after the other: the first builds the web app when it is stale, the second finds it built.
const a = await startInstance('a', 0);
const b = await startInstance('b', 1);
const proxy = await startLoadBalancer([a.url, b.url], { host, port });
console.log(`Two instances (${a.url}, ${b.url}) behind ${proxy.url}; Ctrl-C stops them.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await proxy.close();
  await Promise.all(
    [a.child, b.child].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGINT');
        }),
    ),
  );
  await store.close();
  await database.stop();
  process.exit(0);
}
const stopOrFail = () =>
  stop().catch((error: unknown) => {
    console.error('Stopping failed:', error);
    process.exit(1);
  });
process.on('SIGINT', () => void stopOrFail());
process.on('SIGTERM', () => void stopOrFail());
