// The browser's Back and Forward on /register (issue 17 §3, navigation). The three stages are one
// route, so without this Back on the code stage left the page and Forward came back to an empty
// form. Each stage the chart enters gets its own history entry (same URL, a `registrationStage`
// state): Back from the code stage is the chart's own user.back (the info kept, the slider again);
// Forward cannot re-enter the code stage (that needs a fresh slider), so it stays on the info;
// once registered, the activation stage replaces the code stage's entry and Back never reopens it
// (the account exists: no second registration). The decisions: docs/decisions/applicant-web.md "Navigation: two tabs".
import { useEffect } from 'react';
import type { RegistrationActorRef } from './useRegistrationActor';

type Stage = 'info' | 'verification' | 'activation' | 'done';

interface StageState {
  registrationStage?: Stage;
}

function stageOf(snapshot: ReturnType<RegistrationActorRef['getSnapshot']>): Stage {
  if (snapshot.matches('info')) return 'info';
  if (snapshot.matches('verification')) return 'verification';
  if (snapshot.matches('activation')) return 'activation';
  return 'done';
}

const historyStage = (): Stage | undefined => (window.history.state as StageState | null)?.registrationStage;

export function useRegistrationHistory(registration: RegistrationActorRef): void {
  useEffect(() => {
    let shown = stageOf(registration.getSnapshot());
    const mark = (stage: Stage, push: boolean) => {
      const state = { ...(window.history.state as object | null), registrationStage: stage };
      if (push) window.history.pushState(state, '');
      else window.history.replaceState(state, '');
    };
    mark(shown, false);

    const subscription = registration.subscribe((snapshot) => {
      const stage = stageOf(snapshot);
      if (stage === shown) return;
      const from = shown;
      shown = stage;
      if (historyStage() === stage) return; // the browser moved first (popstate below)
      if (from === 'info' && stage === 'verification') mark(stage, true);
      // The code stage's entry becomes the activation's: Back goes to the info entry, never to a code
      // that was already used; an in-page Back (or a refused slider) just relabels the entry.
      else mark(stage, false);
    });

    const onPopState = () => {
      const target = historyStage() ?? 'info';
      const current = stageOf(registration.getSnapshot());
      if (current === 'verification' && target === 'info') {
        registration.send({ type: 'user.back' });
        return;
      }
      // Forward into the code stage, or Back once registered: the chart cannot go there; the entry
      // says where the page really is.
      if (target !== current) mark(current, false);
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('popstate', onPopState);
    };
  }, [registration]);
}
