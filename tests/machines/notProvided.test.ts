import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, toPromise } from 'xstate';
import {
  NOT_PROVIDED,
  notProvidedAction,
  notProvidedCallback,
  notProvidedName,
  notProvidedPromise,
  NotProvidedError,
} from '../../machines/notProvided';

describe('notProvided placeholders', () => {
  it('a placeholder promise actor rejects, naming what to provide', async () => {
    const actor = createActor(notProvidedPromise('sign in')).start();
    await expect(toPromise(actor)).rejects.toThrow(
      "'sign in' is not provided; supply it with machine.provide()",
    );
  });

  it('a placeholder callback actor fails on start', () => {
    const actor = createActor(notProvidedCallback('watch session'));
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(errors[0]).toBeInstanceOf(NotProvidedError);
    expect(String(errors[0])).toContain("'watch session' is not provided");
  });

  it('a placeholder action throws when run, and every placeholder carries its name', () => {
    const action = notProvidedAction('go home');
    expect(() => action()).toThrow("'go home' is not provided; supply it with machine.provide()");
    expect(notProvidedName(action)).toBe('go home');
    expect(notProvidedName(notProvidedPromise('sign in'))).toBe('sign in');
    expect(notProvidedName(() => undefined)).toBeUndefined();
    expect(notProvidedName(null)).toBeUndefined();
  });

  it('a machine using a placeholder reaches its error path until the effect is provided', async () => {
    const machine = setup({
      actors: { 'load company': notProvidedPromise<string>('load company') },
    }).createMachine({
      initial: 'loading',
      states: {
        loading: { invoke: { src: 'load company', onDone: 'loaded', onError: 'failed' } },
        loaded: { type: 'final' },
        failed: { type: 'final' },
      },
    });
    const unprovided = createActor(machine).start();
    await toPromise(unprovided);
    expect(unprovided.getSnapshot().value).toBe('failed');

    const provided = createActor(
      machine.provide({ actors: { 'load company': fromPromise<string>(async () => 'ACME') } }),
    ).start();
    await toPromise(provided);
    expect(provided.getSnapshot().value).toBe('loaded');
  });

  it('the error names itself, so a log line says what went wrong', () => {
    const error = new NotProvidedError('sign in');
    expect(error.name).toBe('NotProvidedError');
    expect(String(error)).toBe(
      "NotProvidedError: 'sign in' is not provided; supply it with machine.provide()",
    );
    expect(error.implementationName).toBe('sign in');
  });

  it('the mark is shared by every copy of this module (a registered symbol), and hidden', () => {
    // The diagrams tool and the path replay may load their own copy of machines/ (a bundle, a second
    // vite chunk): a placeholder made by any copy is still recognised by its name.
    const fromAnotherCopy = () => undefined;
    Object.defineProperty(fromAnotherCopy, Symbol.for('business-portal.machines.notProvided'), {
      value: 'go home',
    });
    expect(notProvidedName(fromAnotherCopy)).toBe('go home');
    expect(NOT_PROVIDED).toBe(Symbol.for('business-portal.machines.notProvided'));
    // Hidden: copying or listing the logic's own properties does not carry the mark along.
    const logic = notProvidedPromise('sign in');
    expect(Object.getOwnPropertySymbols({ ...logic })).toEqual([]);
    expect(notProvidedName({ ...logic })).toBeUndefined();
  });

  it('only a name counts as a mark; anything that is not an object or a function has none', () => {
    expect(notProvidedName({ [NOT_PROVIDED]: 42 })).toBeUndefined();
    expect(notProvidedName({ [NOT_PROVIDED]: 'load company' })).toBe('load company');
    expect(notProvidedName(undefined)).toBeUndefined();
    expect(notProvidedName('sign in')).toBeUndefined();
    expect(notProvidedName(0)).toBeUndefined();
  });
});
