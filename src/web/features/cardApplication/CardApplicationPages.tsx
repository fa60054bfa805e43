// /issuingCardApplication (spec §2), loaded on demand: the index and the two steps are one page
// component over one actor (cardApplicationActor.ts); it shows what the machine's state says, and
// the URL follows the machine. One component for the three routes, so a step change that moves the
// URL does not remount the page: a file picked just as the step changed went to an input that was
// being replaced (and focus was lost) when each route had its own component.
import { CardApplicationView } from './CardApplicationView';
import { useCardApplication } from './useCardApplication';

export function CardApplicationPage() {
  const actor = useCardApplication();
  return <CardApplicationView actor={actor} />;
}
