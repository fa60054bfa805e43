// The wizard's frame on every certification route: the step progress, the reviewer's reason on a
// re-application, the chart's messages, the autosave status, and the current step's form.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Alert.css';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import {
  stepsFor,
  type CertificationMessage,
  type DraftAutosaveContext,
} from '../../../../machines/certification.machine';
import { CertificationPaths } from '../../../contract/api/certification';
import { KB, Limits } from '../../../contract/limits';
import { PageFrame } from '../../shell/PageFrame';
import { appUploads } from '../uploads/appUploads';
import type { UploadTransport } from '../uploads/uploadTransport';
import { PLACE_LABELS } from './labels';
import { AuthorizerStep } from './steps/AuthorizerStep';
import { BeneficiariesStep } from './steps/BeneficiariesStep';
import { CompanyInfoStep } from './steps/CompanyInfoStep';
import { EquityChartStep } from './steps/EquityChartStep';
import { LegalPersonStep } from './steps/LegalPersonStep';
import { LocationStep } from './steps/LocationStep';
import { OtherInfoStep } from './steps/OtherInfoStep';
import { ReviewStep } from './steps/ReviewStep';
import { placeOf, useCertificationActor, type CertificationActor } from './useCertificationActor';

/** Issue 29 §4: the save would make the draft larger than Limits.draft; the typing stays here. */
function useDraftTooLargeText(): string {
  const { t } = useLingui();
  const kilobytes = Limits.draft.maxBytes / KB;
  const files = Limits.draft.maxFiles;
  return t`The draft is too large (at most ${kilobytes} KB and ${files} documents) and was not saved. Remove some entries; what you typed is kept here.`;
}

function useMessageText(): (message: CertificationMessage | null) => string | null {
  const { t } = useLingui();
  const draftTooLarge = useDraftTooLargeText();
  return (message) => {
    switch (message) {
      case 'loadFailed':
        return t`The application could not be loaded. Please try again.`;
      case 'saveFailed':
        return t`Your entries could not be saved. They are kept here; please try again.`;
      case 'submitFailed':
        return t`The application could not be submitted. Please try again.`;
      case 'validationFailed':
        return t`Validation failure exists, please complete the required information`;
      case 'verificationRequired':
        return t`Please complete the QR face verification`;
      case 'draftTooLarge':
        return draftTooLarge;
      default:
        return null;
    }
  };
}

type AutosaveView = { hasTag?: (tag: string) => boolean; context?: DraftAutosaveContext } | undefined;

function AutosaveStatus({ actor }: { actor: CertificationActor }) {
  const draftTooLarge = useDraftTooLargeText();
  const autosave = useSelector(actor, (s) => s.children['autosave'] as AnyActorRef | undefined);
  const failed = useSelector(autosave, (s: AutosaveView) => s?.hasTag?.('failed') ?? false);
  const tooLarge = useSelector(autosave, (s: AutosaveView) => s?.context?.failure === 'draftTooLarge');
  const saving = useSelector(
    autosave,
    (s: { hasTag?: (tag: string) => boolean } | undefined) => s?.hasTag?.('saving') ?? false,
  );
  if (failed) {
    return (
      <Group gap="sm" role="alert">
        <Text size="sm" c="red">
          {tooLarge ? (
            draftTooLarge
          ) : (
            <Trans>Draft not saved. It will be retried; nothing you typed is lost.</Trans>
          )}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => actor.send({ type: 'user.retrySave' })}>
          <Trans>Save now</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Text size="xs" c="dimmed" aria-live="polite">
      {saving ? <Trans>Saving draft…</Trans> : null}
    </Text>
  );
}

/**
 * Issue 17 §3, two tabs: the server refused this tab's save because another tab or device saved the
 * application since. What this tab typed stays in the form (not saved) until the person loads the
 * latest version; nothing the other tab saved is touched (docs/decisions/applicant-web.md "Navigation: two tabs").
 */
function ConflictNotice({ actor }: { actor: CertificationActor }) {
  const { t } = useLingui();
  const conflict = useSelector(actor, (s) => s.hasTag('conflict'));
  if (!conflict) return null;
  return (
    <Alert color="orange" role="alert" title={t`Changed in another tab or on another device`}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            This application was saved in another tab or on another device after this page opened. Your latest
            entries on this page were not saved, so nothing saved there is overwritten. Copy anything you want
            to keep, then load the latest version.
          </Trans>
        </Text>
        <Group>
          <Button size="compact-sm" onClick={() => actor.send({ type: 'user.loadLatest' })}>
            <Trans>Load the latest version</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

async function downloadTemplate(transport: UploadTransport) {
  const blob = await transport.fetchDocument(CertificationPaths.authorizationLetterTemplate);
  if (!blob) return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'authorization-letter-template.pdf';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The certification page: the tab's running wizard, with the app's uploads. */
export function CertificationWizard() {
  const { actor } = useCertificationActor();
  return <CertificationView actor={actor} transport={appUploads} />;
}

/**
 * Renders the wizard's state and sends it events, nothing else: the page gives it the live actor,
 * the support replay (issue 9 §4) an inert one restored from a snapshot with a transport that
 * fetches nothing.
 */
export function CertificationView({
  actor,
  transport,
}: {
  actor: CertificationActor;
  transport: UploadTransport;
}) {
  const { t, i18n } = useLingui();
  const value = useSelector(actor, (s) => s.value);
  const message = useSelector(actor, (s) => s.context.message);
  const review = useSelector(actor, (s) => s.context.review);
  // Which steps this company has is the chart's rule (the authorizer step only where it applies).
  const authorizerStepApplies = useSelector(actor, (s) => s.context.authorizerStepApplies);
  const messageText = useMessageText()(message);
  const place = placeOf(value);
  const steps = stepsFor({ authorizerStepApplies });
  const active = place === 'review' ? steps.length : place ? steps.indexOf(place) : 0;

  let body: React.ReactNode;
  if (value === 'loading' || value === 'resuming') body = <Loader aria-label={t`Loading`} />;
  else if (value === 'loadFailed')
    body = (
      <Button onClick={() => actor.send({ type: 'user.retry' })}>
        <Trans>Try again</Trans>
      </Button>
    );
  else if (place === 'selectLocationCompany') body = <LocationStep actor={actor} />;
  else if (place === 'completeCompanyInfo') body = <CompanyInfoStep actor={actor} transport={transport} />;
  else if (place === 'uploadEquityStructureChart')
    body = <EquityChartStep actor={actor} transport={transport} />;
  else if (place === 'uploadLegalPersonInfo') body = <LegalPersonStep actor={actor} transport={transport} />;
  else if (place === 'uploadBeneficiaryInfo')
    body = <BeneficiariesStep actor={actor} transport={transport} />;
  else if (place === 'uploadAuthorizerInfo')
    body = (
      <AuthorizerStep
        actor={actor}
        transport={transport}
        downloadTemplate={() => void downloadTemplate(transport)}
      />
    );
  else if (place === 'uploadOtherInfo') body = <OtherInfoStep actor={actor} transport={transport} />;
  else body = <ReviewStep actor={actor} />;

  return (
    <PageFrame title={<Trans>Enterprise certification</Trans>}>
      <Stepper active={active} allowNextStepsSelect={false} size="xs">
        {steps.map((step) => (
          <Stepper.Step key={step} label={i18n._(PLACE_LABELS[step])} />
        ))}
      </Stepper>
      {review?.reason ? (
        <Alert color="orange" title={t`Review failed: please correct your application`} role="status">
          {review.reason}
        </Alert>
      ) : null}
      {messageText ? (
        <Alert color="red" role="alert">
          {messageText}
        </Alert>
      ) : null}
      {place ? (
        <Title order={2} size="h3">
          {i18n._(PLACE_LABELS[place])}
        </Title>
      ) : null}
      <ConflictNotice actor={actor} />
      <AutosaveStatus actor={actor} />
      {/* A new form per place: each step's form starts from the chart's draft of that step. */}
      <div key={place ?? 'loading'}>{body}</div>
    </PageFrame>
  );
}
