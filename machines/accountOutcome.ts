// What the accounts flows learn from an API call, in the machines' own terms: the call succeeded
// (with its data), or the server refused it with one of the business codes of src/contract/codes.ts.
// A transport failure is not an outcome: the provided actor rejects, and the machine's onError runs.
import type { CodeName } from '../src/contract/codes';

export type ApiOutcome<T = null> =
  { kind: 'ok'; data: T } | { kind: 'refused'; code: CodeName; retry?: RetryAfter };

/** When a refused call may be made again, as the server said (rate limits): the wait, and the moment
 *  it ends on the clock of the provided actor (machines stay pure; views show the moment). */
export interface RetryAfter {
  afterMs: number;
  at: number;
}

/**
 * A message a flow shows: a business code (its text lives in codes.ts, both languages) or one of the
 * few things only the browser says. Views translate; context never holds text (docs/style.md).
 */
export type FlowMessage = CodeName | 'captchaRequired' | 'activationResent';

export function isOk<T>(outcome: ApiOutcome<T>): outcome is { kind: 'ok'; data: T } {
  return outcome.kind === 'ok';
}

export function refusedWith(outcome: ApiOutcome<unknown>, ...codes: CodeName[]): boolean {
  // Stryker disable next-line ConditionalExpression: equivalent, an ok outcome has no code, so no code named matches it
  return outcome.kind === 'refused' && codes.includes(outcome.code);
}

/** The message for a refusal; an ok outcome has none. */
export function messageOf(outcome: ApiOutcome<unknown>): FlowMessage | null {
  return outcome.kind === 'refused' ? outcome.code : null;
}

/**
 * The outcome carried by the answer being handled (`xstate.done.actor.*`). Named guards receive the
 * machine's event union, which does not list the actors' done events; this reads their output.
 */
export function outputOf(event: unknown): ApiOutcome<unknown> {
  return (event as { output: ApiOutcome<unknown> }).output;
}
