// The card application's view: renders the machine's page and sends it events, nothing else. The
// pages give it the tab's live actor; support's replay (issue 9 §4) an inert one from a snapshot.
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stepper } from '@mantine/core';
import '@mantine/core/styles/Stepper.css';
import { pageOf } from '../../../../machines/cardApplication.machine';
import { PageFrame } from '../../shell/PageFrame';
import type { CardApplicationActor } from './cardApplicationActor';
import { FlowMessage } from './FlowMessage';
import { PurposeStep } from './PurposeStep';
import { StatusPanel } from './StatusPanel';
import { SuccessDialog } from './SuccessDialog';
import { UploadStep } from './UploadStep';

export function CardApplicationView({ actor }: { actor: CardApplicationActor }) {
  const page = useSelector(actor, pageOf);
  const { t } = useLingui();
  const message = useSelector(actor, (s) => (s.matches('rejected') ? null : s.context.message));
  // A revision request (issue 21 §1): the reviewer's comment above the steps, the marks beside the fields.
  const revision = useSelector(actor, (s) =>
    s.context.application?.status === 'revision_requested' ? s.context.application.reason : null,
  );
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
          {revision !== null ? (
            <Alert color="orange" role="status" title={t`Revision requested`}>
              <Trans>The reviewer asks you to revise the marked fields and submit again:</Trans> {revision}
            </Alert>
          ) : null}
          <FlowMessage message={message} />
          {page === 'selectBusinessPurpose' ? <PurposeStep actor={actor} /> : <UploadStep actor={actor} />}
        </>
      )}
      <SuccessDialog actor={actor} />
    </PageFrame>
  );
}
