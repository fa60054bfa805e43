// The back office's decision chart (issue 8 §4): confirm before sending, one winner when two
// reviewers race (the loser is told and reloads), refusals and failures change nothing and may be retried.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../machines/accountOutcome';
import {
  isCompleteDecision,
  reviewDecisionMachine,
  type ReviewDecision,
} from '../../machines/reviewDecision.machine';

function start(outcomes: Array<ApiOutcome<unknown> | 'network'>) {
  const sent: ReviewDecision[] = [];
  let reloads = 0;
  const actor = createActor(
    reviewDecisionMachine.provide({
      actors: {
        'submit decision': fromPromise<ApiOutcome<unknown>, ReviewDecision>(async ({ input }) => {
          sent.push(input);
          const next = outcomes.shift();
          if (!next || next === 'network') throw new Error('network');
          return next;
        }),
      },
      actions: { 'reload case': () => void (reloads += 1) },
    }),
  ).start();
  return { actor, sent, reloads: () => reloads };
}

const reject: ReviewDecision = { kind: 'reject', reason: 'The licence is unreadable' };

describe('review decision machine', () => {
  it('sends nothing until the reviewer confirms, and cancel goes back', async () => {
    const { actor, sent } = start([{ kind: 'ok', data: null }]);
    actor.send({ type: 'user.decide', decision: { kind: 'approve' } });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.decision).toBeNull();
    actor.send({ type: 'user.decide', decision: reject });
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([reject]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('carries the second person’s choice (issue 21 §3): a confirmation as is, a decline only with a reason', async () => {
    expect(isCompleteDecision({ kind: 'confirmApproval' })).toBe(true);
    expect(isCompleteDecision({ kind: 'declineApproval', reason: '  ' })).toBe(false);
    const { actor, sent } = start([{ kind: 'ok', data: null }]);
    actor.send({ type: 'user.decide', decision: { kind: 'declineApproval', reason: '' } });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'user.decide', decision: { kind: 'confirmApproval' } });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([{ kind: 'confirmApproval' }]);
  });

  it('refuses a rejection without a reason and a revision without fields or comment', () => {
    const { actor } = start([]);
    actor.send({ type: 'user.decide', decision: { kind: 'reject', reason: '   ' } });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'user.decide', decision: { kind: 'requestRevision', fields: [], comment: 'Fix it' } });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'user.decide', decision: { kind: 'requestRevision', fields: ['a.b'], comment: ' ' } });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(isCompleteDecision({ kind: 'requestRevision', fields: ['a.b'], comment: 'Blurred' })).toBe(true);
  });

  it('another reviewer decided first: conflict, then reload back to choosing', async () => {
    const { actor, reloads } = start([{ kind: 'refused', code: 'decisionConflict' }]);
    actor.send({ type: 'user.decide', decision: { kind: 'approve' } });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'user.reload' });
    expect(reloads()).toBe(1);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toEqual({ decision: null, message: null });
  });

  it('a refused decision shows as an error, and cancelling it forgets the decision and the message', async () => {
    const { actor } = start([{ kind: 'refused', code: 'transitionNotAllowed' }]);
    actor.send({ type: 'user.decide', decision: reject });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toEqual({ decision: null, message: null });
  });

  it('a refusal or a network failure keeps the decision for a retry', async () => {
    const { actor, sent } = start([
      { kind: 'refused', code: 'transitionNotAllowed' },
      'network',
      { kind: 'ok', data: null },
    ]);
    actor.send({ type: 'user.decide', decision: reject });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.message).toBe('transitionNotAllowed');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('error') && s.context.message === 'internal');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([reject, reject, reject]);
  });

  it('refuses to run without its actor', async () => {
    const actor = createActor(reviewDecisionMachine).start();
    actor.send({ type: 'user.decide', decision: { kind: 'approve' } });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.message).toBe('internal');
  });

  it('refuses to reload without its action', async () => {
    const actor = createActor(
      reviewDecisionMachine.provide({
        actors: {
          'submit decision': fromPromise<ApiOutcome<unknown>, ReviewDecision>(async () => ({
            kind: 'refused',
            code: 'decisionConflict',
          })),
        },
      }),
    ).start();
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.send({ type: 'user.decide', decision: { kind: 'approve' } });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'user.reload' });
    expect(String(errors[0])).toMatch(/reload case/);
  });
});
