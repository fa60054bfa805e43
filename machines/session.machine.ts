// The browser session (spec §4 "Logged in to logged out"). Pure: the web app supplies every effect
// (toast, request cancellation, store clearing, navigation) with provide(); tests supply fakes.
import { assign, setup } from 'xstate';
import { Limits } from '../src/contract/limits';

export interface SessionContext {
  /** The session-invalid code that started the current invalidation, or null. */
  invalidCode: number | null;
  /** Read once, by the `deciding` state. */
  startedSignedIn: boolean;
}

export interface SessionInput {
  /** Whether the session store held a signed-in user when the app started. */
  signedIn: boolean;
}

export type SessionEvent =
  | { type: 'session.signedIn' }
  | { type: 'user.logout' }
  | { type: 'server.sessionInvalid'; code: number }
  | { type: 'navigation.checkFailed' };

function notProvided(name: string) {
  return () => {
    throw new Error(`session machine: action "${name}" is not provided, add it with .provide()`);
  };
}

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    input: SessionInput;
    tags: 'rejectingRequests';
  },
  actions: {
    // Params carry the code so the app can pick the permissions-changed message for 311035.
    'show logged-out message': notProvided('show logged-out message') as (
      _: unknown,
      params: { code: number },
    ) => void,
    'cancel in-flight requests': notProvided('cancel in-flight requests'),
    /** Clears the session store (sessionStorage `user`) and navigates to /login. */
    'log out': notProvided('log out'),
  },
  guards: {
    'store says signed in': ({ context }) => context.startedSignedIn,
  },
  delays: {
    // Spec §4: logout happens 100 ms after the session-invalid answer.
    logoutDelay: Limits.logoutDelayMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ invalidCode: null, startedSignedIn: input.signedIn }),
  initial: 'deciding',
  states: {
    deciding: {
      meta: { spec: 'portal-spec.md §3/§4 session store: the app starts signed in when the store says so' },
      always: [{ guard: 'store says signed in', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      meta: { spec: 'portal-spec.md §4/§6 logged out: only public routes render' },
      on: { 'session.signedIn': 'signedIn' },
    },
    signedIn: {
      meta: { spec: 'portal-spec.md §4/§6 logged in' },
      on: {
        'server.sessionInvalid': {
          target: 'invalidating',
          actions: [
            assign({ invalidCode: ({ event }) => event.code }),
            { type: 'show logged-out message', params: ({ event }) => ({ code: event.code }) },
            'cancel in-flight requests',
          ],
        },
        'user.logout': { target: 'signedOut', actions: 'log out' },
        // Spec §2: a navigation check that fails while logged in logs out and goes to /login.
        'navigation.checkFailed': { target: 'signedOut', actions: 'log out' },
      },
    },
    invalidating: {
      meta: {
        spec: 'portal-spec.md §4 session-invalid code: message shown, in-flight requests cancelled, every new request rejected; logout after 100 ms',
      },
      tags: ['rejectingRequests'],
      // Later session-invalid answers of the same burst change nothing: one message, one logout.
      after: {
        logoutDelay: { target: 'signedOut', actions: ['log out', assign({ invalidCode: null })] },
      },
    },
  },
});
