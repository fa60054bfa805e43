// The yardsticks of the API bench, run as their own processes like the portal, so "ours / bare"
// compares servers on equal terms (the same fastify as the portal):
//   bare hello   GET / answers {hello: 'world'}: the ceiling of any Fastify route.
//   bare db      GET /db reads one user by primary key through a pg pool of the portal's size: the
//                floor of any route that reads PostgreSQL (issue 18 §6).
// `--workers N` runs N cluster workers on one port, as `npm start` does (1 = no cluster). `--db URL`
// adds /db against that database. Prints `listening <url>` once every worker listens; SIGTERM stops.
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const workers = Number(arg('--workers') ?? '1');
const databaseUrl = arg('--db');
/** The portal's pool size per process (src/server/db/client.ts). */
const POOL_SIZE = 10;

async function serve(): Promise<number> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM users LIMIT 1');
    const id = rows[0]?.id;
    if (!id) throw new Error('the database has no user to read');
    app.get('/db', async () => {
      const result = await pool.query({
        name: 'bare_user',
        text: 'SELECT id, email, first_name, last_name FROM users WHERE id = $1',
        values: [id],
      });
      return { code: 200, msg: '', data: result.rows[0] };
    });
    app.addHook('onClose', async () => pool.end());
  }
  await app.listen({ port: Number(process.env.BARE_PORT ?? 0), host: '127.0.0.1' });
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  return (app.server.address() as AddressInfo).port;
}

if (workers <= 1) {
  const port = await serve();
  console.log(`listening http://127.0.0.1:${port}`);
} else if (cluster.isPrimary) {
  // Workers of a cluster cannot share port 0 reliably across forks: pick one here first.
  const probe = Fastify({ logger: false });
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const port = (probe.server.address() as AddressInfo).port;
  await probe.close();
  let ready = 0;
  for (let i = 0; i < workers; i++) cluster.fork({ BARE_PORT: String(port) });
  cluster.on('message', (_worker, message) => {
    if (message === 'ready' && ++ready === workers) console.log(`listening http://127.0.0.1:${port}`);
  });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  await serve();
  process.send?.('ready');
}
