// `npm run db:migrate`: applies the migrations to DATABASE_URL, or, when it is not set, to the
// embedded server under DATA_DIR — the running portal's, if one is up, else one started for the purpose.
import { openCliDatabase } from '../cli/cliDatabase';
import { ConfigError, loadConfig } from '../config';

async function migrateCli(): Promise<number> {
  try {
    const config = loadConfig();
    const database = await openCliDatabase(config);
    await database.close();
    console.log(
      `Migrations applied to ${config.databaseUrl ? 'DATABASE_URL' : `the embedded PostgreSQL in ${config.dataDir}`}.`,
    );
    return 0;
  } catch (error) {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Migration failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

process.exit(await migrateCli());
