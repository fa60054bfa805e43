// "Nothing changed": every row written to any table, and every file added to or removed from the
// storage folder, between two points. Triggers installed in the test's own throwaway database log
// each row change (table and operation), so a check after each of thousands of requests costs one
// tiny query and names exactly what changed. Tables are read from the database itself, so a new
// table is covered without being listed here; only the named exemptions are left out.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';

/**
 * Tables that legitimately change when a request is refused, each with the reason. Everything else
 * must stay as it was after a refusal.
 */
export const CHANGED_BY_REFUSALS: Readonly<Record<string, string>> = {
  rate_limit_counters: 'a rate limit counts every request, the refused ones included',
  login_history:
    'every sign-in attempt is recorded for the security-activity table, failed ones above all (spec §2)',
};

const LOG_TABLE = 'security_suite_change_log';

export interface Mark {
  change: number;
  files: string[];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[][] = await Promise.all(
    entries.map(async (e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? filesUnder(full) : [full];
    }),
  );
  return found.flat().sort();
}

function fileChanges(before: readonly string[], after: readonly string[]): string[] {
  const was = new Set(before);
  const is = new Set(after);
  return [
    ...after.filter((f) => !was.has(f)).map((f) => `file added: ${f}`),
    ...before.filter((f) => !is.has(f)).map((f) => `file removed: ${f}`),
  ];
}

/** Installs the change log on every table but the exemptions; call once, before the requests. */
export async function watchChanges(pool: Pool, storageDir: string) {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((r) => r.name).filter((name) => !(name in CHANGED_BY_REFUSALS));
  if (tables.length === 0) throw new Error('no tables to watch: is the database migrated?');
  await pool.query(`
    CREATE TABLE ${LOG_TABLE} (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL);
    CREATE FUNCTION ${LOG_TABLE}_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO ${LOG_TABLE} (table_name, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$;
    ${tables
      .map(
        (t) =>
          `CREATE TRIGGER ${LOG_TABLE}_${t} AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION ${LOG_TABLE}_record();`,
      )
      .join('\n')}
    ${tables
      .map(
        (t) =>
          `CREATE TRIGGER ${LOG_TABLE}_truncate_${t} AFTER TRUNCATE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION ${LOG_TABLE}_record();`,
      )
      .join('\n')}`);
  return {
    /** Every table of the database, and the watched ones (all but the exemptions). */
    allTables: rows.map((r) => r.name),
    tables,
    async mark(): Promise<Mark> {
      const { rows: r } = await pool.query<{ id: string }>(
        `SELECT coalesce(max(id), 0) AS id FROM ${LOG_TABLE}`,
      );
      return { change: Number(r[0]!.id), files: await filesUnder(storageDir) };
    },
    /**
     * What changed since `mark`, in words (empty when nothing did), and the mark of now: one query and
     * one look at the folder, not one for the changes and another for the next mark (the fuzz suite
     * checks after each of its ten thousand requests).
     */
    async step(mark: Mark): Promise<{ changed: string[]; now: Mark }> {
      const { rows: changed } = await pool.query<{ table_name: string; op: string; n: string; last: string }>(
        `SELECT table_name, op, count(*) AS n, max(id) AS last FROM ${LOG_TABLE} WHERE id > $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [mark.change],
      );
      const out = changed.map((c) => `table ${c.table_name}: ${c.n} × ${c.op}`);
      const files = await filesUnder(storageDir);
      out.push(...fileChanges(mark.files, files));
      const change = changed.reduce((last, c) => Math.max(last, Number(c.last)), mark.change);
      return { changed: out, now: { change, files } };
    },
  };
}
