// Machines made to exercise what the registered ones may not have yet: an invoked actor with done
// and error, guards on payloads, a named delay, a parallel state whose regions finish, a placeholder
// action; and two broken ones that the coverage must catch.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedPromise } from '../../../machines/notProvided';
import type { MachineRegistryEntry } from '../../../machines/registry';

const uploadFixtureMachine = setup({
  types: {} as {
    context: { failures: number };
    events:
      | { type: 'user.pick'; size: number }
      | { type: 'user.cancel' }
      | { type: 'user.retry' }
      | { type: 'user.confirm' }
      | { type: 'user.acknowledge' };
  },
  actors: { 'upload file': notProvidedPromise<{ fileId: string }>('upload file') },
  actions: { 'show too-large toast': notProvidedAction('show too-large toast') },
  guards: {
    'is small enough': ({ event }) => event.type === 'user.pick' && event.size <= 10,
    'may retry': ({ context }) => context.failures < 2,
  },
  delays: { toastDuration: 3000 },
}).createMachine({
  id: 'uploadFixture',
  context: { failures: 0 },
  initial: 'idle',
  states: {
    idle: {
      meta: { spec: 'fixture' },
      on: { 'user.pick': [{ guard: 'is small enough', target: 'uploading' }, { target: 'tooLarge' }] },
    },
    tooLarge: {
      meta: { spec: 'fixture' },
      entry: 'show too-large toast',
      after: { toastDuration: 'idle' },
    },
    uploading: {
      meta: { spec: 'fixture' },
      invoke: {
        id: 'upload',
        src: 'upload file',
        onDone: 'confirming',
        onError: { target: 'failed', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
      on: { 'user.cancel': 'idle' },
    },
    failed: {
      meta: { spec: 'fixture' },
      on: { 'user.retry': { guard: 'may retry', target: 'uploading' } },
    },
    confirming: {
      meta: { spec: 'fixture' },
      type: 'parallel',
      onDone: 'finished',
      states: {
        owner: {
          meta: { spec: 'fixture' },
          initial: 'pending',
          states: {
            pending: { meta: { spec: 'fixture' }, on: { 'user.confirm': 'confirmed' } },
            confirmed: { meta: { spec: 'fixture' }, type: 'final' },
          },
        },
        notice: {
          meta: { spec: 'fixture' },
          initial: 'shown',
          states: {
            shown: { meta: { spec: 'fixture' }, on: { 'user.acknowledge': 'read' } },
            read: { meta: { spec: 'fixture' }, type: 'final' },
          },
        },
      },
    },
    finished: { meta: { spec: 'fixture' }, type: 'final' },
  },
});

export const uploadFixture: MachineRegistryEntry = {
  id: 'uploadFixture',
  kind: 'flow',
  title: 'Upload (fixture)',
  machine: uploadFixtureMachine,
  graphEvents: [
    { type: 'user.pick', size: 5 },
    { type: 'user.pick', size: 50 },
    { type: 'xstate.done.actor.upload', output: { fileId: 'f-1' } },
    { type: 'xstate.error.actor.upload', error: new Error('network down') },
  ],
};

const orphanStateMachine = setup({}).createMachine({
  id: 'orphanFixture',
  initial: 'a',
  states: { a: { on: { go: 'b' } }, b: {}, neverEntered: { on: { back: 'a' } } },
});

export const orphanFixture: MachineRegistryEntry = {
  id: 'orphanFixture',
  kind: 'flow',
  title: 'Unreachable state (fixture)',
  machine: orphanStateMachine,
};

// The chart alone allows either delay to fire first; on a real clock the shorter always wins, so
// the path that takes the longer one cannot happen and its replay must say so.
const racingDelaysMachine = setup({ delays: { short: 1000, long: 5000 } }).createMachine({
  id: 'racingDelaysFixture',
  initial: 'waiting',
  states: {
    waiting: { after: { short: 'shortWon', long: 'longWon' } },
    shortWon: {},
    longWon: {},
  },
});

export const racingDelaysFixture: MachineRegistryEntry = {
  id: 'racingDelaysFixture',
  kind: 'flow',
  title: 'Racing delays (fixture)',
  machine: racingDelaysMachine,
};
