// The contract between the bench runner (bench/run.ts) and every bench module (issue 10 §1): a module
// measures and returns figures; the runner judges them against their budgets, prints and records.

export interface BenchBudget {
  /** The figure is over budget when it is above this. */
  max?: number;
  /** The figure is over budget when it is below this. */
  min?: number;
}

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  budget?: BenchBudget;
}

export interface BenchOptions {
  /** Shorter runs and smaller loads: a smoke check of the bench itself, not a measurement to quote. */
  quick: boolean;
}

/** What every bench module (bench/<name>.ts) exports. */
export type MeasureFigures = (options: BenchOptions) => Promise<BenchFigure[]>;
