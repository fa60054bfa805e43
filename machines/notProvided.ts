// A machine declares every effect it needs and implements none of them (docs/style.md, the sanity-io
// example): the web app or a test supplies each one with `machine.provide()`. These placeholders
// fail loudly, naming what is missing, so a forgotten `provide()` is an error and never a silent no-op.
import { fromCallback, fromPromise } from 'xstate';
import type { CallbackActorLogic, EventObject, PromiseActorLogic } from 'xstate';

/** Marks placeholder actors and actions so tooling (path replay) can tell them from real ones. */
export const NOT_PROVIDED = Symbol.for('business-portal.machines.notProvided');

export class NotProvidedError extends Error {
  constructor(readonly implementationName: string) {
    super(`'${implementationName}' is not provided; supply it with machine.provide()`);
    this.name = 'NotProvidedError';
  }
}

function mark<T extends object>(target: T, name: string): T {
  Object.defineProperty(target, NOT_PROVIDED, { value: name, enumerable: false });
  return target;
}

/** The placeholder's name when `implementation` is one of ours, else undefined. */
export function notProvidedName(implementation: unknown): string | undefined {
  if ((typeof implementation !== 'object' && typeof implementation !== 'function') || !implementation) {
    return undefined;
  }
  const name: unknown = (implementation as { [NOT_PROVIDED]?: unknown })[NOT_PROVIDED];
  return typeof name === 'string' ? name : undefined;
}

/** A promise actor (an API call, a file read…) that rejects until the caller provides it. */
export function notProvidedPromise<TOutput = unknown, TInput = unknown>(
  name: string,
): PromiseActorLogic<TOutput, TInput> {
  return mark(
    fromPromise<TOutput, TInput>(() => Promise.reject(new NotProvidedError(name))),
    name,
  );
}

/** A callback actor (a subscription, a listener…) that throws on start until the caller provides it. */
export function notProvidedCallback<TEvent extends EventObject = EventObject, TInput = unknown>(
  name: string,
): CallbackActorLogic<TEvent, TInput> {
  return mark(
    fromCallback<TEvent, TInput>(() => {
      throw new NotProvidedError(name);
    }),
    name,
  );
}

/** An action (navigation, a toast, storage…) that throws when run until the caller provides it. */
export function notProvidedAction(name: string): () => never {
  return mark(() => {
    throw new NotProvidedError(name);
  }, name);
}
