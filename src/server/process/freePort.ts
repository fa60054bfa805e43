// PORT=0 means "any free port": the supervisor picks it once, so every worker (and every
// replacement after a crash) listens on the same one and the printed URL stays right.
import net from 'node:net';

export async function pickFreePort(host: string): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
