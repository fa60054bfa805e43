// `npm start`: configuration → the supervisor (src/server/process/supervisor.ts): web build (when
// stale) → PostgreSQL (embedded unless DATABASE_URL) → migrations → WORKERS HTTP workers, each
// replaced when it dies. Ctrl-C / SIGTERM: the workers drain, PostgreSQL stops, exit 0; a second
// signal forces. A bad configuration or a failed start exits 1 with the real cause.
import { ConfigError, loadConfig, type AppConfig } from './config';
import { runSupervisor } from './process/supervisor';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

await runSupervisor(config, {
  serveWeb: process.env.SERVE_WEB !== '0',
  verbose: config.logLevel === 'debug' || config.logLevel === 'trace',
});
