// Drives a lifecycle through every (state, event) pair: the expectations list the allowed changes,
// and every pair they do not list must be refused. A new state or event in the chart without a line
// here therefore fails the test instead of slipping through unchecked.
import { expect, it } from 'vitest';
import { pathToStateValue } from 'xstate';
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';
import { nextLifecycleState } from '../../../machines/lifecycle';

/** Leaf states by dotted path ('scanned.verifying'), the form the tables below use. */
export function leafStatePaths(machine: AnyStateMachine): string[] {
  const collect = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states).flatMap((child) => [child, ...collect(child)]);
  return collect(machine.root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));
}

export function valueOf(dottedPath: string): StateValue {
  return pathToStateValue(dottedPath.split('.'));
}

export function itEnforcesEveryPair(
  machine: AnyStateMachine,
  events: readonly string[],
  allowed: Record<string, Record<string, string>>,
): void {
  it('lists only states the chart has', () => {
    expect(Object.keys(allowed).sort()).toEqual(leafStatePaths(machine).sort());
  });

  for (const from of leafStatePaths(machine)) {
    for (const type of events) {
      const to = allowed[from]?.[type];
      it(`${from} + ${type} → ${to ?? 'refused'}`, () => {
        const next = nextLifecycleState(machine, valueOf(from), { type });
        expect(next).toEqual(to === undefined ? null : valueOf(to));
      });
    }
  }
}
