// globalSetup of the server (and browser) suites: ONE PostgreSQL for the whole run, and a template
// database with the migrations applied. By default the embedded server (as `npm start` runs it);
// with TEST_PG=external, Debian's server reached only through a URL, as an external one would be.
// A missing server fails the run with the fix; it never skips.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { startDebianPostgres } from './pg/debianPostgres';
import { createMigratedTemplate } from './pg/templateDatabase';
import { THROWAWAY_CLUSTER } from './pg/throwawayCluster';
import './pg/providedContext';

async function startServer(kind: 'embedded' | 'external') {
  if (kind === 'external') return startDebianPostgres();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-testpg-'));
  const embedded = await startEmbeddedPostgres({ dataDir, settings: THROWAWAY_CLUSTER });
  return {
    adminUrl: embedded.adminUrl,
    stop: async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  // The project's `env` (vite.config.ts) is meant for the test workers; globalSetup runs in the main
  // process, so read it from the project config as well.
  const kind = (project.config.env?.TEST_PG ?? process.env.TEST_PG) === 'external' ? 'external' : 'embedded';
  const server = await startServer(kind);
  try {
    project.provide('pgAdminUrl', server.adminUrl);
    project.provide('pgTemplate', await createMigratedTemplate(server.adminUrl));
    project.provide('pgServerKind', kind);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return async () => {
    await server.stop();
  };
}
