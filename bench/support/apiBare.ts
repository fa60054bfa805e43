// Starts bench/support/apiBareServer.ts in a child process and stops it again.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

export interface BareServer {
  url: string;
  /** The server's process (the cluster's primary with several workers). */
  pid: number;
  close(): Promise<void>;
}

export interface BareOptions {
  /** Cluster workers on one port (1: a single process). */
  workers?: number;
  /** Adds GET /db, one read by primary key through a pg pool, against this database. */
  databaseUrl?: string;
}

export async function startBareServer(options: BareOptions = {}): Promise<BareServer> {
  const args = ['--workers', String(options.workers ?? 1)];
  if (options.databaseUrl) args.push('--db', options.databaseUrl);
  // BENCH_SERVER_CPU_PROF=<dir>: a V8 CPU profile of the yardstick too, to set beside the portal's.
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const entry = [...profiling, '--import', 'tsx', path.join(HERE, 'apiBareServer.ts'), ...args];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the bare Fastify server exited with ${code}: ${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
