// Where a server's CPU went (issue 31 §5): reads a V8 .cpuprofile (`node --cpu-prof`, as
// BENCH_SERVER_CPU_PROF writes for the bench portal) and prints self time by module (a package in
// node_modules, a file of ours, or V8/Node's own) and by function, largest first. `last` keeps only
// the samples of the profile's last seconds (the load run, not the start); idle time is left out.
//   npx tsx bench/support/cpuProfileSummary.ts <file.cpuprofile> [top=30] [last=seconds]
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A package for node_modules code, the path under the repository for ours, the URL scheme else. */
export function moduleOf(url: string, functionName = ''): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.startsWith('node:')) return url;
  const file = url.replace(/^file:\/\//, '');
  const ours = /\/(src|bench|tests)\/.*$/.exec(file);
  return ours ? ours[0].slice(1) : path.basename(file);
}

/** Self time in milliseconds keyed by `key(node)`, from `since` (µs, the profile's clock) on. */
export function selfTime(
  profile: CpuProfile,
  key: (node: ProfileNode) => string,
  since = -Infinity,
): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const node = byId.get(id);
    if (!node || at < since || node.callFrame.functionName === '(idle)') return;
    const k = key(node);
    totals.set(k, (totals.get(k) ?? 0) + delta / 1000);
  });
  return totals;
}

/**
 * Inclusive time by module: a sample counts for every module on its stack (once each), so native
 * work a module caused (a write, a hash) is charged to it too. The shares add up to more than 100 %.
 */
export function inclusiveTime(profile: CpuProfile, since = -Infinity): Map<string, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < since || byId.get(id)?.callFrame.functionName === '(idle)') return;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)!.callFrame;
      if (frame.url) seen.add(moduleOf(frame.url));
    }
    for (const m of seen) totals.set(m, (totals.get(m) ?? 0) + delta / 1000);
  });
  return totals;
}

function print(title: string, totals: Map<string, number>, top: number): void {
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${title} (total ${all.toFixed(0)} ms)`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / all).toFixed(1).padStart(5)} %  ${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, topArg, lastArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpuProfileSummary.ts <file.cpuprofile> [top] [last seconds]');
  const top = Number(topArg ?? 30);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const since = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
  const by = (key: (n: ProfileNode) => string) => selfTime(profile, key, since);
  print('Self time by module', by((n) => moduleOf(n.callFrame.url, n.callFrame.functionName)), top);
  print('Inclusive time by module (a sample counts for each module on its stack)', inclusiveTime(profile, since), top);
  print(
    'Self time by function',
    by((n) => {
      const { functionName, url, lineNumber } = n.callFrame;
      return `${functionName || '(anonymous)'}  ${moduleOf(url, functionName)}:${lineNumber + 1}`;
    }),
    top,
  );
}
