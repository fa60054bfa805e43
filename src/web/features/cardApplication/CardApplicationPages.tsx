// /issuingCardApplication (spec §2), loaded on demand: the index and the two steps share one
// actor (cardApplicationActor.ts); each page shows what the machine's state says, and the URL
// follows the machine.
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { Stepper } from '@mantine/core';
import '@mantine/core/styles/Stepper.css';
import { pageOf } from '../../../../machines/cardApplication.machine';
import { PageFrame } from '../../shell/PageFrame';
import { FlowMessage } from './FlowMessage';
import { PurposeStep } from './PurposeStep';
import { StatusPanel } from './StatusPanel';
import { SuccessDialog } from './SuccessDialog';
import { UploadStep } from './UploadStep';
import { useCardApplication } from './useCardApplication';

function CardApplicationFlow() {
  const actor = useCardApplication();
  const page = useSelector(actor, pageOf);
  const message = useSelector(actor, (s) => (s.matches('rejected') ? null : s.context.message));
  return (
    <PageFrame title={<Trans>Card-issuing application</Trans>}>
      {page === 'issuingCardApplicationIndex' ? (
        <StatusPanel actor={actor} />
      ) : (
        <>
          <Stepper active={page === 'selectBusinessPurpose' ? 0 : 1} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label={<Trans>Business purpose</Trans>} />
            <Stepper.Step label={<Trans>Relevant information</Trans>} />
          </Stepper>
          <FlowMessage message={message} />
          {page === 'selectBusinessPurpose' ? <PurposeStep actor={actor} /> : <UploadStep actor={actor} />}
        </>
      )}
      <SuccessDialog actor={actor} />
    </PageFrame>
  );
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
