// A TCP proxy in front of PostgreSQL whose answers can be held back: what a worker sees while its
// connection to the database is slow (a busy network, a descheduled process). pause() stops
// forwarding what the server sends (it waits in the sockets, in order); resume() lets it through.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface PausableProxy {
  /** The database URL with the proxy's address in place of the server's. */
  url: string;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startPausableProxy(databaseUrl: string): Promise<PausableProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; flowing: boolean }>();
  let paused = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream, flowing: false };
    pairs.add(pair);
    client.pipe(upstream);
    if (!paused) flow(pair, true);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  /** pipe() twice would send the client every byte twice: each pair's state is kept. */
  function flow(pair: { client: net.Socket; upstream: net.Socket; flowing: boolean }, on: boolean) {
    if (pair.flowing === on) return;
    pair.flowing = on;
    if (on) pair.upstream.pipe(pair.client);
    else pair.upstream.unpipe(pair.client);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    pause() {
      paused = true;
      for (const pair of pairs) flow(pair, false);
    },
    resume() {
      paused = false;
      for (const pair of pairs) flow(pair, true);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
