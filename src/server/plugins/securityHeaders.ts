// Security headers with a strict Content-Security-Policy that still allows what the app needs:
// Mantine's inline style attributes, data:/blob: images (captcha puzzle, QR code, upload previews),
// blob: frames (PDF previews), the camera on the phone pages, and the configured Sentry and chat hosts.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { sentryDsn, supportChatUrl } = app.config;
    await app.register(helmet, {
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
    });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=()');
    });
  },
  { name: 'security-headers' },
);
