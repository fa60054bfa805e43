// `npm start` builds the web app with Vite when dist/web is missing or older than its sources (the
// supervisor does it once, before any worker serves it).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_OUT = path.join(ROOT, 'dist', 'web');
/** What the web build is made of: a change to any of these makes dist/web stale. */
const WEB_INPUTS = [
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'src/web',
  'src/contract',
  'src/locales',
  'machines',
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export async function ensureWebBuild(): Promise<void> {
  const builtAt = newestMtime(path.join(WEB_OUT, 'index.html'));
  const sourcesAt = Math.max(...WEB_INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(
    builtAt === 0
      ? 'Building the web app (first start)…'
      : 'The web sources changed: rebuilding the web app…',
  );
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'info' });
}
