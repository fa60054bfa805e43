// The back office's face override (issue 16 §5): the reason's rule is the contract's (the server
// applies the same schema), nothing is sent until it holds, and sending ends done, or failed with the
// server's code or 'internal' ("network abnormal") with the buttons free again.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import { faceOverrideMachine } from '../../machines/faceOverride.machine';
import type { FaceOverrideRequest } from '../../src/contract/api/admin';
import { Limits } from '../../src/contract/limits';

function start(outcomes: Array<ApiOutcome<unknown> | 'network'>) {
  const sent: FaceOverrideRequest[] = [];
  let recorded = 0;
  const actor = createActor(
    faceOverrideMachine.provide({
      actors: {
        'submit override': fromPromise<ApiOutcome<unknown>, FaceOverrideRequest>(async ({ input }) => {
          sent.push(input);
          const next = outcomes.shift();
          if (!next || next === 'network') throw new Error('network');
          return next;
        }),
      },
      actions: { 'override recorded': () => void (recorded += 1) },
    }),
  ).start();
  return { actor, sent, recorded: () => recorded };
}

const REASON = 'Same person as the ID photo; the light was poor.';

describe('face override machine', () => {
  it('sends nothing without a reason, or with one shorter than the contract minimum once trimmed', () => {
    const { actor, sent } = start([]);
    actor.send({ type: 'user.decide', decision: 'confirm' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('reasonRequired');

    actor.send({
      type: 'user.editReason',
      reason: `  ${'x'.repeat(Limits.face.overrideReasonMinLength - 1)}  `,
    });
    expect(actor.getSnapshot().context.message).toBeNull();
    actor.send({ type: 'user.decide', decision: 'reject' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('reasonTooShort');

    actor.send({ type: 'user.editReason', reason: 'x'.repeat(Limits.face.overrideReasonMaxLength + 1) });
    actor.send({ type: 'user.decide', decision: 'reject' });
    expect(actor.getSnapshot().context.message).toBe('reasonTooLong');
    expect(sent).toEqual([]);
  });

  it('sends the decision with the trimmed reason, busy meanwhile, and is done when accepted', async () => {
    const { actor, sent, recorded } = start([{ kind: 'ok', data: null }]);
    actor.send({ type: 'user.editReason', reason: `  ${REASON}  ` });
    actor.send({ type: 'user.decide', decision: 'confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ decision: 'confirm', reason: REASON }]);
    expect(recorded()).toBe(1);
  });

  it('a failed connection says internal (network abnormal), frees the buttons, and may be sent again', async () => {
    const { actor, sent, recorded } = start(['network', { kind: 'ok', data: null }]);
    actor.send({ type: 'user.editReason', reason: REASON });
    actor.send({ type: 'user.decide', decision: 'reject' });
    await waitFor(actor, (s) => s.matches('failed'));
    const failed = actor.getSnapshot();
    expect(failed.context.message).toBe('internal');
    expect(failed.hasTag('busy')).toBe(false);
    expect(failed.hasTag('error')).toBe(true);
    expect(recorded()).toBe(0);
    actor.send({ type: 'user.decide', decision: 'reject' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toHaveLength(2);
  });

  it('a refusal keeps the server code; editing the reason clears it', async () => {
    const { actor } = start([{ kind: 'refused', code: 'referredOverrideNotAllowed' }]);
    actor.send({ type: 'user.editReason', reason: REASON });
    actor.send({ type: 'user.decide', decision: 'confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('referredOverrideNotAllowed');
    actor.send({ type: 'user.editReason', reason: `${REASON} Checked twice.` });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});
