// The one card application actor of the tab: it lives while the user is inside
// /issuingCardApplication (its pages share it), and is stopped when they leave, which is when the
// session-storage rule of spec §2 runs (progressStore.leaveSteps).
import { createActor, fromPromise } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import {
  cardApplicationMachine,
  type CardApplicationProgress,
  type PickedFile,
} from '../../../../machines/cardApplication.machine';
import { api } from '../../api/api';
import { appUploads } from '../uploads/appUploads';
import type { UploadTransport } from '../uploads/uploadTransport';
import { createCardApi, type CardApi } from './cardApi';
import { createCardUpload, type CardUploadActor } from './cardUpload';
import { forgetProgress, leaveSteps, progressToRestore, writeSavedProgress } from './progressStore';

export const CARD_APPLICATION_ROOT = '/issuingCardApplication';

export interface CardApplicationEffects {
  cardApi: CardApi;
  /** The document's send, with progress and abort (the upload chart's transport). */
  uploads: UploadTransport;
  storage: Storage;
  goToGateway(): void;
}

const defaultEffects = (): CardApplicationEffects => ({
  cardApi: createCardApi(api),
  uploads: appUploads,
  storage: sessionStorage,
  goToGateway: () => navigate('/gateway'),
});

/** The upload chart each live card application actor sends its document through (views render it). */
const uploadActors = new WeakMap<object, CardUploadActor>();

/** The upload chart of `actor`'s document; none for support's inert replay actor. */
export function cardUploadOf(actor: object): CardUploadActor | undefined {
  return uploadActors.get(actor);
}

export function createCardApplicationActor(owner: string, effects: CardApplicationEffects) {
  const { cardApi, storage } = effects;
  const upload = createCardUpload(effects.uploads);
  const machine = cardApplicationMachine.provide({
    actors: {
      'load application': fromPromise(({ signal }) => cardApi.loadApplication(signal)),
      // Leaving the uploading state (the actor stopped) aborts `signal`: the send is cancelled.
      'upload file': fromPromise(({ input, signal }: { input: PickedFile; signal: AbortSignal }) =>
        upload.send(input, signal),
      ),
      'load questionnaire': fromPromise(() => cardApi.loadQuestionnaire()),
      'save draft': fromPromise(({ input }) => cardApi.save(input)),
      'submit application': fromPromise(({ input }) => cardApi.submit(input)),
    },
    actions: {
      'remember progress': (_, progress: CardApplicationProgress) => writeSavedProgress(progress, storage),
      'forget progress': () => forgetProgress(storage),
      'go to gateway': () => effects.goToGateway(),
    },
  });
  const actor = createActor(machine, { input: { restored: progressToRestore(owner, storage) } });
  uploadActors.set(actor, upload.actor);
  return actor;
}

export type CardApplicationActor = ReturnType<typeof createCardApplicationActor>;

let current: { owner: string; actor: CardApplicationActor; storage: Storage } | null = null;

/** The running actor for this account, started on first use. */
export function acquireCardApplicationActor(
  owner: string,
  effects: CardApplicationEffects = defaultEffects(),
): CardApplicationActor {
  if (current?.owner !== owner) {
    current?.actor.stop();
    current = { owner, actor: createCardApplicationActor(owner, effects).start(), storage: effects.storage };
  }
  return current.actor;
}

/** The user left /issuingCardApplication: stop the actor, apply the leaving rule of spec §2. */
export function releaseCardApplicationActor(): void {
  if (!current) return;
  const { owner, actor, storage } = current;
  current = null;
  actor.stop();
  leaveSteps(owner, storage);
}

export function isInsideCardApplication(pathname: string): boolean {
  return pathname === CARD_APPLICATION_ROOT || pathname.startsWith(`${CARD_APPLICATION_ROOT}/`);
}

/** Drops the actor without the leaving rule, as a page refresh does (the tab's memory is gone). */
export function discardCardApplicationActor(): void {
  current?.actor.stop();
  current = null;
}
