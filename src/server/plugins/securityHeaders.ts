// Security headers with a strict Content-Security-Policy that still allows what the app needs:
// Mantine's inline style attributes, data:/blob: images (captcha puzzle, QR code, upload previews),
// blob: frames (PDF previews), the camera on the phone pages, and the configured Sentry and chat hosts.
//
// Helmet decides the headers; they are computed once at start and copied onto every reply. (The
// @fastify/helmet plugin rebuilt helmet — parsing every CSP directive — on each request: about a
// tenth of a millisecond per call, measured by `npm run bench`.) Nothing here varies per request:
// no nonces, no per-route policy.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** The headers helmet would set for these options, read from a recording response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    finished = true;
  });
  // Helmet's middleware is synchronous; if a version ever is not, fail at start, not per request.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { sentryDsn, supportChatUrl } = app.config;
    const headers = {
      ...helmetHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", ...origin(sentryDsn)],
            frameSrc: ["'self'", 'blob:', ...origin(supportChatUrl)],
            mediaSrc: ["'self'", 'blob:'],
            workerSrc: ["'self'", 'blob:'],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        },
        crossOriginEmbedderPolicy: false,
        // Documents are downloaded as attachments; same-origin is enough for everything else.
        crossOriginResourcePolicy: { policy: 'same-origin' },
        strictTransportSecurity: app.config.env === 'production' ? undefined : false,
      }),
      'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
    };
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
