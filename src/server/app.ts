// The API server, built by a factory so that tests build as many as they need (issue 2 §5).
// Plugins go in a fixed order: infrastructure → services → routes → the one error handler.
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { authPlugin } from './plugins/auth';
import { clockPlugin } from './plugins/clock';
import { cryptoPlugin } from './plugins/crypto';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/errorHandler';
import { clientErrorHandler, frameworkErrors } from './plugins/frameworkErrors';
import { housekeepingPlugin } from './plugins/housekeeping';
import { idempotencyPlugin } from './plugins/idempotency';
import { jsonBodyPlugin } from './plugins/jsonBody';
import { languagePlugin } from './plugins/language';
import { mailPlugin } from './plugins/mail';
import { createFaultReporter } from './observability/faultReporter';
import { loggerOptions } from './observability/logger';
import { metricsPlugin } from './observability/metrics/httpMetrics';
import { generateRequestId, requestContextPlugin } from './observability/requestContext';
import { openApiPlugin } from './plugins/openapi';
import { overloadPlugin } from './plugins/overload';
import { fastifyTrustProxy } from './process/trustProxy';
import { rateLimitPlugin } from './plugins/rateLimit';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { storagePlugin } from './plugins/storage';
import { multipartOptions } from './storage/multipartOptions';
import { registerSpa, webBuildExists } from './plugins/spa';
import { devRoutes } from './routes/dev/index';
import { documentsPlugin } from './services/documents/plugin';
import { apiRoutes } from './routes/index';
import type { Clock } from './types';
import { PUZZLES_AHEAD, PUZZLES_AHEAD_IN_TESTS, puzzleSource } from './security/captcha/puzzleSource';

export interface BuildOptions {
  clock?: Clock;
  /** Serve the built web app (default: when dist/web exists and not in tests). */
  serveWeb?: boolean;
  /** Where the built web app is (default dist/web); browser tests serve their own builds. */
  webDir?: string;
  /** Run the hourly clean-up on a timer (default: not in tests, which call app.housekeeping.runOnce()
   *  when they mean it, so a round never deletes what a test with a moved clock is looking at). */
  scheduleHousekeeping?: boolean;
}

/** JSON bodies are small forms; files go through multipart with their own limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Readable lines under a terminal, JSON otherwise; ids unique across workers (issue 17 §2).
    logger: loggerOptions(config),
    genReqId: generateRequestId,
    bodyLimit: JSON_BODY_LIMIT,
    // X-Forwarded-For only from the configured proxy (TRUST_PROXY, off by default): otherwise
    // anyone could pick the address the per-IP limits count.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals made before any hook runs answer the envelope too (plugins/frameworkErrors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // Infrastructure
  await app.register(clockPlugin, { clock: options.clock });
  await app.register(requestContextPlugin);
  await app.register(languagePlugin);
  await app.register(jsonBodyPlugin);
  // Before any route: child contexts take the error handler in force when they are created.
  let spaFallback: Awaited<ReturnType<typeof registerSpa>> | undefined;
  await app.register(errorHandlerPlugin, {
    spaFallback: () => spaFallback,
    report: config.sentryDsn ? createFaultReporter(config.sentryDsn, config.env) : undefined,
  });
  // After the language (the 503 is translated), before anything that does work for the request.
  await app.register(overloadPlugin, { overload: config.overload });
  await app.register(dbPlugin);
  // Times every response (one histogram observation), the pool and the backlog at scrape time.
  await app.register(metricsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);
  // After the limits (a retry counts like any request), before the routes whose writes it guards.
  await app.register(idempotencyPlugin);
  await app.register(openApiPlugin);
  await app.register(multipart, multipartOptions);

  // Services
  await app.register(cryptoPlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  await app.register(housekeepingPlugin, { schedule: options.scheduleHousekeeping ?? config.env !== 'test' });
  // Reads uploaded documents off the event loop; tests kick it themselves (issue 30).
  await app.register(documentsPlugin, { auto: config.env !== 'test', engine: config.documentOcrEngine });
  // A test process builds many apps and shows few captchas: a couple ahead, not a burst's worth.
  puzzleSource().setAhead(config.env === 'test' ? PUZZLES_AHEAD_IN_TESTS : PUZZLES_AHEAD);

  // Routes
  await app.register(apiRoutes, { prefix: '/plat' });
  if (config.devTools) await app.register(devRoutes, { prefix: '/plat' });
  const serveWeb = options.serveWeb ?? (config.env !== 'test' && webBuildExists(options.webDir));
  if (serveWeb) spaFallback = await registerSpa(app, options.webDir);
  return app;
}
