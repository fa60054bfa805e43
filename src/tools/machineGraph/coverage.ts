// Counts what the replayed paths reached against what the machine defines, and prints the line
// `npm run test:paths` promises: `<id> states <reached>/<total> transitions <taken>/<total>`.
import type { AnyStateMachine } from 'xstate';
import { allStateNodes, allTransitions } from './machineStructure';
import type { ReplayResult } from './pathReplay';

export interface CoverageReport {
  id: string;
  reachedStates: number;
  totalStates: number;
  takenTransitions: number;
  totalTransitions: number;
  missedStates: string[];
  missedTransitions: string[];
}

export class CoverageRecorder {
  private readonly reached = new Set<string>();
  private readonly taken = new Set<string>();

  constructor(
    private readonly id: string,
    private readonly machine: AnyStateMachine,
  ) {}

  /** Records a replay; answers whether it reached a state or took a transition not seen before. */
  add(result: ReplayResult): boolean {
    const before = this.reached.size + this.taken.size;
    for (const id of result.reachedStateIds) this.reached.add(id);
    for (const key of result.takenTransitionKeys) this.taken.add(key);
    return this.reached.size + this.taken.size > before;
  }

  /** Every state reached and every transition taken. */
  complete(): boolean {
    const report = this.report();
    return report.missedStates.length === 0 && report.missedTransitions.length === 0;
  }

  report(): CoverageReport {
    const stateIds = allStateNodes(this.machine).map((node) => node.id);
    const transitionKeys = allTransitions(this.machine).map((transition) => transition.key);
    const missedStates = stateIds.filter((id) => !this.reached.has(id));
    const missedTransitions = transitionKeys.filter((key) => !this.taken.has(key));
    return {
      id: this.id,
      reachedStates: stateIds.length - missedStates.length,
      totalStates: stateIds.length,
      takenTransitions: transitionKeys.length - missedTransitions.length,
      totalTransitions: transitionKeys.length,
      missedStates,
      missedTransitions,
    };
  }
}

export function coverageLine(report: CoverageReport): string {
  return (
    `${report.id} states ${report.reachedStates}/${report.totalStates} ` +
    `transitions ${report.takenTransitions}/${report.totalTransitions}`
  );
}
