// drizzle-kit reads this for `npm run db:generate` (run from the repository root, where npm runs
// scripts). Several engineers add tables at once: generate under `flock /tmp/drizzle.lock`, so two
// runs never number their migrations the same.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
