// The face override chart, the rules faceOverride.test.ts leaves implicit (issue 16 §5; docs/decisions/face.md
// "Face evidence in the back office"): the decision sent is the one chosen, and sending it again after
// a refusal clears the old message.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { faceOverrideMachine } from '../../machines/faceOverride.machine';
import type { FaceOverrideRequest } from '../../src/contract/api/admin';

const REASON = 'Not the person of the ID photo; a printed picture was shown.';

function start(outcomes: Array<ApiOutcome<unknown>>) {
  const sent: FaceOverrideRequest[] = [];
  let answer: (outcome: ApiOutcome<unknown>) => void = () => undefined;
  const actor = createActor(
    faceOverrideMachine.provide({
      actors: {
        'submit override': fromPromise<ApiOutcome<unknown>, FaceOverrideRequest>(({ input }) => {
          sent.push(input);
          const next = outcomes.shift();
          return next ? Promise.resolve(next) : new Promise((resolve) => (answer = resolve));
        }),
      },
      actions: { 'override recorded': () => undefined },
    }),
  ).start();
  return { actor, sent, answer: (outcome: ApiOutcome<unknown>) => answer(outcome) };
}

describe('face override rules', () => {
  it('starts with no reason, no decision and no message', () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toStrictEqual({ reason: '', decision: null, message: null });
  });

  it('sends the decision chosen: a rejection is a rejection', async () => {
    const { actor, sent } = start([{ kind: 'ok', data: null }]);
    actor.send({ type: 'user.editReason', reason: REASON });
    actor.send({ type: 'user.decide', decision: 'reject' });
    expect(actor.getSnapshot().context.decision).toBe('reject');
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ decision: 'reject', reason: REASON }]);
  });

  it('a decision sent again after a refusal clears the refusal while it is sent', async () => {
    const r = start([{ kind: 'refused', code: 'referredOverrideNotAllowed' }]);
    r.actor.send({ type: 'user.editReason', reason: REASON });
    r.actor.send({ type: 'user.decide', decision: 'confirm' });
    await waitFor(r.actor, (s) => s.matches('failed'));
    expect(r.actor.getSnapshot().context.message).toBe('referredOverrideNotAllowed');
    r.actor.send({ type: 'user.decide', decision: 'reject' });
    expect(r.actor.getSnapshot().value).toBe('submitting');
    expect(r.actor.getSnapshot().context).toMatchObject({ message: null, decision: 'reject' });
    r.answer({ kind: 'ok', data: null });
    await waitFor(r.actor, (s) => s.status === 'done');
    expect(r.sent.map((request) => request.decision)).toEqual(['confirm', 'reject']);
  });
});
