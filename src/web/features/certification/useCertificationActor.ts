// The one place the wizard's effects are wired in (docs/style.md): the certification API, navigation to
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
import { certificationCodesByState } from '../../../contract/statuses';
import { patchSession } from '../../session/sessionStore';
import { CERTIFICATION_ROOT } from '../../shell/routeRoots';
import { appQrVerificationDeps, provideQrVerification } from '../verification/qrVerificationLogic';
import { useCopyLink } from '../verification/useQrVerificationActor';
import { createCertificationApi, type CertificationApi } from './certificationApi';
import { useDiagnosticSource } from '../support/diagnostics/useDiagnosticSource';

export type CertificationActor = ActorRefFrom<typeof certificationMachine>;

export const certificationIndexPath = `${CERTIFICATION_ROOT}/enterpriseCertificationIndex`;

export function placePath(place: WizardPlace): string {
  return place === 'review' ? certificationIndexPath : `${CERTIFICATION_ROOT}/${place}`;
}

interface Wiring {
  navigate: (path: string) => void;
  currentPath: () => string;
  /** The QR dialog's "copy link": clipboard plus a translated toast (set by the mounted page). */
  copyLink: (link: string) => void;
}

export function providedCertificationMachine(kyb: CertificationApi, wiring: Wiring) {
  return certificationMachine.provide({
    actors: {
      'load application': fromPromise<WizardView, void>(() => kyb.loadWizardView()),
      'save step': fromPromise<SaveOutcome, SaveStepInput>(({ input }) => kyb.saveStep(input)),
      'draft autosave': draftAutosaveMachine.provide({
        actors: {
          'save draft': fromPromise<SaveOutcome, SaveStepInput>(({ input }) => kyb.saveDraft(input)),
        },
      }),
      'submit application': fromPromise(() => kyb.submit()),
      // Issue 6's desktop QR verification, invoked by the authorizer step as the child 'qrVerification'.
      'qr verification': provideQrVerification(appQrVerificationDeps((link) => wiring.copyLink(link))),
    },
    actions: {
      'show place': (_, { place }) => {
        const path = placePath(place);
        if (wiring.currentPath() !== path) wiring.navigate(path);
      },
      // docs/product-rules.md Status codes: submitted = status 1, audit 1 ("under review" on the gateway).
      // Held until the applicant leaves the success dialog: with status 1/1 in the session the entry
      // rule would send them away from the wizard before the dialog could say what happens next.
      'record submission': () => {
        submissionToRecord = true;
      },
    },
  });
}

let submissionToRecord = false;

/** Applies the submitted status to the session (after the success dialog, or when the wizard closes). */
export function recordSubmissionInSession(): void {
  if (!submissionToRecord) return;
  submissionToRecord = false;
  const { status, audit } = certificationCodesByState.underReview;
  patchSession({ enterpriseCertificationStatus: status, enterpriseAuditStatus: audit });
}

let running: { actor: CertificationActor; kyb: CertificationApi; mounted: number; wiring: Wiring } | null =
  null;

/** The running wizard for the certification pages; started by the first page, stopped after the last. */
export function useCertificationActor(): { actor: CertificationActor; kyb: CertificationApi } {
  const [location, navigate] = useLocation();
  const copyLink = useCopyLink();
  const [entry] = useState(() => {
    if (!running) {
      const kyb = createCertificationApi(api);
      const wiring: Wiring = {
        navigate: () => {},
        currentPath: () => window.location.pathname,
        copyLink: () => {},
      };
      const actor = createActor(providedCertificationMachine(kyb, wiring));
      running = { actor, kyb, mounted: 0, wiring };
      actor.start();
    }
    return running;
  });
  entry.wiring.navigate = (path) => navigate(path, { replace: true });
  entry.wiring.copyLink = copyLink;
  useDiagnosticSource('certification', entry.actor);

  useEffect(() => {
    entry.mounted += 1;
    return () => {
      entry.mounted -= 1;
      // The next step's page mounts right after this one unmounts: stop only when none follows.
      setTimeout(() => {
        if (entry.mounted === 0 && running === entry) {
          entry.actor.stop();
          running = null;
          recordSubmissionInSession();
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
  if (value === 'review' || value === 'submitting' || value === 'submitConflict' || value === 'submitted')
    return 'review';
  if (typeof value === 'object' && value !== null && 'wizard' in value) {
    const wizard = value.wizard;
    const step = typeof wizard === 'string' ? wizard : Object.keys(wizard as object)[0];
    return (step as WizardPlace | undefined) ?? null;
  }
  return null;
}
