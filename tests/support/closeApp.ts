// Closing a test's app or a browser suite's portal when the test is over.
import type { FastifyInstance } from 'fastify';

/** How long a test app's close waits for connections still answering before it cuts them. */
const CLOSE_GRACE_MS = 1000;

/**
 * Closes an app as a test ends: a response the test never read to the end (a file download whose
 * headers were enough) keeps its connection busy, and Fastify's close waits for it until the
 * keep-alive timeout, 72 s. What is still open after a second belongs to a finished test: cut it.
 */
export async function closeWithin(app: FastifyInstance): Promise<void> {
  const closed = app.close();
  const timer = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await closed;
  } finally {
    clearTimeout(timer);
  }
}
