// Helpers of the support replay tests: a registered machine run with chosen answers to the snapshot a
// user would send, and what the support page then shows of it.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  StateMachine,
  waitFor as waitForState,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import { registryEntry } from '../../../machines/registry';
import {
  exportSupportSnapshot,
  supportSnapshotText,
} from '../../../src/web/features/support/snapshot/supportSnapshot';

/**
 * The registered machine with each named actor answering `outputs[name]`, or never (a child machine
 * stays a machine, as in the app); effects off.
 */
export function withAnswers(machine: AnyStateMachine, outputs: Record<string, unknown>): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors).map(([name, logic]) => [
      name,
      logic instanceof StateMachine
        ? withAnswers(logic as AnyStateMachine, outputs)
        : fromPromise(() => (name in outputs ? Promise.resolve(outputs[name]) : new Promise(() => {}))),
    ]),
  );
  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions)
      .filter(([, implementation]) => typeof implementation === 'function' && !('resolve' in implementation))
      .map(([name]) => [name, () => undefined]),
  );
  return machine.provide({ actors, actions });
}

type Reached = (snapshot: { matches: (value: never) => boolean }) => boolean;

/** The support snapshot text of the machine once `reached`, after `events` sent in order (each
 *  waiting for the answers it starts to settle). */
export async function snapshotTextOf(
  machineId: string,
  outputs: Record<string, unknown>,
  reached: Reached,
  input?: unknown,
  events: readonly AnyEventObject[] = [],
) {
  const actor: AnyActorRef = createActor(withAnswers(registryEntry(machineId)!.machine, outputs), { input });
  actor.start();
  for (const event of events) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send(event);
  }
  await waitForState(actor, reached as never, { timeout: 5000 });
  const text = supportSnapshotText(exportSupportSnapshot(machineId, actor));
  actor.stop();
  return text;
}

export function paste(text: string) {
  fireEvent.change(screen.getByLabelText(/Support snapshot/), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
}

export async function replayed(): Promise<HTMLFieldSetElement> {
  const frame = await screen.findByRole('group', { name: 'Replayed view' });
  expect(frame.tagName).toBe('FIELDSET');
  expect((frame as HTMLFieldSetElement).disabled).toBe(true);
  expect(screen.getByText('Replay — read-only; personal data redacted')).toBeTruthy();
  return frame as HTMLFieldSetElement;
}

export function activeStates(machineId: string): string[] {
  const table = screen.getByRole('table', { name: `States of ${machineId}` });
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-active') === 'true')
    .map((row) => row.querySelector('code')?.textContent ?? '');
}

/** Everything a person could read or copy from the page: text and form values. */
export function pageContent(): string {
  const values = Array.from(
    document.querySelectorAll('input, textarea'),
    (field) => (field as HTMLInputElement).value,
  );
  return `${document.body.textContent ?? ''}\n${values.join('\n')}`;
}
