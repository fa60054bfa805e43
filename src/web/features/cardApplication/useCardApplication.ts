// Wires a card application page to the tab's actor: the URL follows the machine's page, and leaving
// /issuingCardApplication releases the actor (and runs the session-storage rule of spec §2).
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pageOf } from '../../../../machines/cardApplication.machine';
import { useSessionUser } from '../../session/useSessionUser';
import {
  acquireCardApplicationActor,
  CARD_APPLICATION_ROOT,
  isInsideCardApplication,
  releaseCardApplicationActor,
} from './cardApplicationActor';
import { useDiagnosticSource } from '../support/diagnostics/useDiagnosticSource';

export function useCardApplication() {
  const owner = useSessionUser()?.userInfo.email ?? '';
  const actor = acquireCardApplicationActor(owner);
  const page = useSelector(actor, pageOf);
  useDiagnosticSource('cardApplication', actor);
  const [location, navigate] = useLocation();

  useEffect(() => {
    const target = `${CARD_APPLICATION_ROOT}/${page}`;
    if (location !== target) navigate(target, { replace: true });
  }, [page, location, navigate]);

  useEffect(
    () => () => {
      // Runs when a page unmounts; moving between the application's own pages is not leaving.
      if (!isInsideCardApplication(window.location.pathname)) releaseCardApplicationActor();
    },
    [],
  );

  return actor;
}
