// The one place the wizard's effects are wired in (STYLE.md): the certification API, navigation to
// the step routes, the session's status after submit, and issue 6's QR verification child.
// The step pages are separate routes (spec §2), so the running wizard outlives a page: it is kept
// here while any certification page is mounted, and a refresh starts a new one that resumes from
// the server.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  certificationMachine,
  draftAutosaveMachine,
  type SaveOutcome,
  type SaveStepInput,
  type WizardPlace,
  type WizardView,
} from '../../../../machines/certification.machine';
import { api } from '../../api/api';
import { patchSession } from '../../session/sessionStore';
import { CERTIFICATION_ROOT } from '../../shell/routes';
import { createCertificationApi, type CertificationApi } from './certificationApi';

export type CertificationActor = ActorRefFrom<typeof certificationMachine>;

export const certificationIndexPath = `${CERTIFICATION_ROOT}/enterpriseCertificationIndex`;

export function placePath(place: WizardPlace): string {
  return place === 'review' ? certificationIndexPath : `${CERTIFICATION_ROOT}/${place}`;
}

interface Wiring {
  navigate: (path: string) => void;
  currentPath: () => string;
}

export function providedCertificationMachine(kyb: CertificationApi, wiring: Wiring) {
  return certificationMachine.provide({
    actors: {
      'load application': fromPromise<WizardView, void>(() => kyb.loadWizardView()),
      'save step': fromPromise<SaveOutcome, SaveStepInput>(({ input }) => kyb.saveStep(input)),
      'draft autosave': draftAutosaveMachine.provide({
        actors: { 'save draft': fromPromise<SaveOutcome, SaveStepInput>(({ input }) => kyb.saveDraft(input)) },
      }),
      'submit application': fromPromise(() => kyb.submit()),
      // ISSUE 6 HOOK-UP: provide the QR chart's effects here once its web actors exist
      // ('qr verification': qrVerificationMachine.provide({ actors: …, actions: … })). Until then the
      // chart's own placeholders refuse to run, the child ends in error and the step stays locked.
    },
    actions: {
      'show place': (_, { place }) => {
        const path = placePath(place);
        if (wiring.currentPath() !== path) wiring.navigate(path);
      },
      // DECISIONS.md Status codes: submitted = status 1, audit 1 ("under review" on the gateway).
      'record submission': () => patchSession({ enterpriseCertificationStatus: 1, enterpriseAuditStatus: 1 }),
    },
  });
}

let running: { actor: CertificationActor; kyb: CertificationApi; mounted: number; wiring: Wiring } | null = null;

/** The running wizard for the certification pages; started by the first page, stopped after the last. */
export function useCertificationActor(): { actor: CertificationActor; kyb: CertificationApi } {
  const [location, navigate] = useLocation();
  const [entry] = useState(() => {
    if (!running) {
      const kyb = createCertificationApi(api);
      const wiring: Wiring = { navigate: () => {}, currentPath: () => window.location.pathname };
      const actor = createActor(providedCertificationMachine(kyb, wiring));
      running = { actor, kyb, mounted: 0, wiring };
      actor.start();
    }
    return running;
  });
  entry.wiring.navigate = (path) => navigate(path, { replace: true });

  useEffect(() => {
    entry.mounted += 1;
    return () => {
      entry.mounted -= 1;
      // The next step's page mounts right after this one unmounts: stop only when none follows.
      setTimeout(() => {
        if (entry.mounted === 0 && running === entry) {
          entry.actor.stop();
          running = null;
        }
      }, 0);
    };
  }, [entry]);

  // A step route typed by hand shows the wizard's place instead.
  useEffect(() => {
    const snapshot = entry.actor.getSnapshot();
    if (snapshot.matches('loading') || snapshot.matches('loadFailed')) return;
    const place = placeOf(snapshot.value);
    if (place && placePath(place) !== location) navigate(placePath(place), { replace: true });
  }, [entry, location, navigate]);

  return { actor: entry.actor, kyb: entry.kyb };
}

export function placeOf(value: unknown): WizardPlace | null {
  if (value === 'review' || value === 'submitting' || value === 'submitted') return 'review';
  if (typeof value === 'object' && value !== null && 'wizard' in value) {
    const wizard = (value as { wizard: unknown }).wizard;
    const step = typeof wizard === 'string' ? wizard : Object.keys(wizard as object)[0];
    return (step as WizardPlace | undefined) ?? null;
  }
  return null;
}
