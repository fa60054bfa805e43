// The yardstick of the API bench: a bare Fastify hello-world (the same fastify as the portal), run
// as its own process like the portal, so "ours / bare" compares two servers on equal terms.
// Prints `listening <url>` once ready; stops on SIGTERM.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
console.log(`listening http://127.0.0.1:${port}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
