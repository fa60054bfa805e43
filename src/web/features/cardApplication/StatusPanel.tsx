// /issuingCardApplication/issuingCardApplicationIndex: what the company may do now (spec §4):
// complete certification first, not supported, start or continue, under review, rejected with the
// reason and re-application, approved.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { messageFor } from '../../../contract/codes';
import type { Locale } from '../../../contract/envelope';
import type { CardApplicationActor } from './cardApplicationActor';
import { FlowMessage } from './FlowMessage';

export function StatusPanel({ actor }: { actor: CardApplicationActor }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const state = useSelector(actor, (s) => s.value);
  const application = useSelector(actor, (s) => s.context.application);
  const message = useSelector(actor, (s) => s.context.message);

  switch (state) {
    case 'loading':
      return <Loader aria-label={t`Loading application`} />;
    case 'loadFailed':
      return (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {messageFor('internal', locale)}
            <Button size="xs" variant="white" onClick={() => actor.send({ type: 'user.retry' })}>
              <Trans>Retry</Trans>
            </Button>
          </Group>
        </Alert>
      );
    case 'certificationRequired':
      return (
        <Alert color="yellow" role="alert" title={messageFor('certificationRequired', locale)}>
          <Stack gap="xs">
            <Text>
              <Trans>The card-issuing business needs a completed enterprise certification.</Trans>
            </Text>
            <Anchor component={Link} href="/enterpriseCertification">
              <Trans>Go to enterprise certification</Trans>
            </Anchor>
          </Stack>
        </Alert>
      );
    case 'entityNotSupported':
      return (
        <Alert color="gray" role="alert">
          {messageFor('entityNotSupported', locale)}
        </Alert>
      );
    case 'intro':
      return (
        <Stack gap="md">
          <Text>
            {application?.status === 'saved' ? (
              <Trans>You have a saved application. Continue where you left off.</Trans>
            ) : (
              <Trans>
                Apply for the card-issuing business: choose a business purpose, upload a supporting document
                and answer a short questionnaire.
              </Trans>
            )}
          </Text>
          <Group>
            <Button onClick={() => actor.send({ type: 'user.start' })}>
              {application?.status === 'saved' ? (
                <Trans>Continue application</Trans>
              ) : (
                <Trans>Start application</Trans>
              )}
            </Button>
          </Group>
        </Stack>
      );
    case 'underReview':
      return (
        <Alert color="blue" role="status" title={t`Under review`}>
          <Trans>
            Your application has been submitted and is under review. The result will be sent to you by email.
          </Trans>
        </Alert>
      );
    case 'approved':
      return (
        <Alert color="green" role="status" title={t`Approved`}>
          <Trans>Your card-issuing business is approved. Open the card system from the home page.</Trans>
        </Alert>
      );
    case 'rejected':
    case 'reapplying':
      return (
        <Stack gap="md">
          <Alert color="red" role="alert" title={t`Rejected`}>
            <Stack gap="xs">
              <Text>
                <Trans>Reason:</Trans> {application?.reason ?? '—'}
              </Text>
            </Stack>
          </Alert>
          <FlowMessage message={message} />
          <Group>
            <Button loading={state === 'reapplying'} onClick={() => actor.send({ type: 'user.reapply' })}>
              <Trans>Re-apply</Trans>
            </Button>
          </Group>
        </Stack>
      );
    default:
      return null;
  }
}
