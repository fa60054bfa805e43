// `npm run db:migrate`: applies the migrations to DATABASE_URL, or, when it is not set, to the
// embedded server under DATA_DIR (started for the purpose and stopped again).
import { ConfigError, loadConfig } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

async function migrateCli(): Promise<number> {
  let embedded: EmbeddedPostgres | undefined;
  try {
    const config = loadConfig();
    let url = config.databaseUrl;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, notice: (m) => console.log(m) });
      url = embedded.url;
    }
    await runMigrations(url);
    console.log(
      `Migrations applied to ${embedded ? `the embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Migration failed: ${describe(error)}`);
    return 1;
  } finally {
    await embedded?.stop();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

process.exit(await migrateCli());
