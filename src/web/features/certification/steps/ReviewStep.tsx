// Review and submit (spec §2): the steps at a glance, submit, and the success dialog ("the result
// will be sent by email").
import { recordSubmissionInSession } from '../useCertificationActor';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { CERTIFICATION_STEPS } from '../../../../../machines/certification.machine';
import { PLACE_LABELS } from '../labels';
import type { CertificationActor } from '../useCertificationActor';

export function ReviewStep({ actor }: { actor: CertificationActor }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submitted = useSelector(actor, (s) => s.matches('submitted'));
  const conflict = useSelector(actor, (s) => s.hasTag('conflict'));
  const leave = () => {
    recordSubmissionInSession();
    navigate('/gateway');
  };
  const authorizer = useSelector(actor, (s) => s.context.authorizerStepApplies);
  const steps = CERTIFICATION_STEPS.filter((step) => step !== 'uploadAuthorizerInfo' || authorizer);
  return (
    <Stack gap="md" maw={760}>
      <Text>
        <Trans>Every step is complete. Check your information, then submit it for review.</Trans>
      </Text>
      <List>
        {steps.map((step) => (
          <List.Item key={step}>{i18n._(PLACE_LABELS[step])}</List.Item>
        ))}
      </List>
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={busy || submitted || conflict}
          onClick={() => actor.send({ type: 'step.back' })}
        >
          <Trans>Back</Trans>
        </Button>
        <Button
          loading={busy}
          disabled={submitted || conflict}
          onClick={() => actor.send({ type: 'user.submit' })}
        >
          <Trans>Submit</Trans>
        </Button>
      </Group>
      <Modal opened={submitted} onClose={leave} title={t`Submitted`} centered>
        <Stack>
          <Text>
            <Trans>Your application has been submitted. The result will be sent to you by email.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button onClick={leave}>
              <Trans>Back to home</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
