// What `npm run bench` writes to bench/results.json. A run of every module replaces the file; a run
// with `--only` replaces only the figures of the modules it ran and keeps the others, so measuring
// one module again (the face checks on a quiet machine) does not erase the rest. Each figure says
// which module measured it, when, and whether in quick mode, so a kept figure's age is visible.

export interface StoredFigure {
  value: number;
  unit: string;
  budget: { max?: number; min?: number };
  ok: boolean;
  module?: string;
  at?: string;
  quick?: boolean;
}

export interface StoredResults {
  machine: unknown;
  at: string;
  quick: boolean;
  /** The modules of the last run, when it was not all of them. */
  partial?: string[];
  figures: Record<string, StoredFigure>;
  problems: Record<string, { kind: string; message: string }>;
}

export function mergeResults(
  previous: StoredResults | null,
  current: StoredResults,
  ranModules: readonly string[],
  allModules: readonly string[],
): StoredResults {
  const ranAll = allModules.every((m) => ranModules.includes(m));
  if (ranAll || !previous) return ranAll ? current : { ...current, partial: [...ranModules] };
  // Figures of a module that ran again are dropped first: one it no longer reports must not linger.
  const kept = Object.fromEntries(
    Object.entries(previous.figures).filter(([, f]) => !(f.module && ranModules.includes(f.module))),
  );
  const keptProblems = Object.fromEntries(
    Object.entries(previous.problems).filter(([module]) => !ranModules.includes(module)),
  );
  return {
    ...current,
    partial: [...ranModules],
    figures: { ...kept, ...current.figures },
    problems: { ...keptProblems, ...current.problems },
  };
}
