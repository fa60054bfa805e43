// /issuingCardApplication (spec §2), loaded on demand: the index and the two steps share one
// actor (cardApplicationActor.ts); each page shows what the machine's state says, and the URL
// follows the machine.
import { CardApplicationView } from './CardApplicationView';
import { useCardApplication } from './useCardApplication';

function CardApplicationFlow() {
  const actor = useCardApplication();
  return <CardApplicationView actor={actor} />;
}

export function CardApplicationIndexPage() {
  return <CardApplicationFlow />;
}
export function SelectBusinessPurposePage() {
  return <CardApplicationFlow />;
}
export function UploadRelevantInfoPage() {
  return <CardApplicationFlow />;
}
