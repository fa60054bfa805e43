// Step 1 (spec §2): choose the company location; a confirm prompt says it cannot be changed later.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Modal.css';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { COMPANY_LOCATIONS, type CompanyLocation } from '../../../../contract/options';
import { LOCATION_LABELS } from '../labels';
import type { CertificationActor } from '../useCertificationActor';
import { StepNav } from './StepNav';

export function LocationStep({ actor }: { actor: CertificationActor }) {
  const { t, i18n } = useLingui();
  const locked = useSelector(actor, (s) => s.context.location);
  const proposed = useSelector(actor, (s) => s.context.registeredLocation);
  const confirming = useSelector(actor, (s) =>
    s.matches({ wizard: { selectLocationCompany: 'confirming' } }),
  );
  const pending = useSelector(actor, (s) => s.context.pendingLocation);
  const [choice, setChoice] = useState<CompanyLocation | ''>(proposed ?? '');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (locked)
      actor.send({ type: 'step.submit', step: 'selectLocationCompany', values: { location: locked } });
    else if (choice) actor.send({ type: 'user.chooseLocation', location: choice });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {locked ? (
          <Text>
            <Trans>
              Company location: {i18n._(LOCATION_LABELS[locked])}. It cannot be changed once confirmed.
            </Trans>
          </Text>
        ) : (
          <Radio.Group
            label={t`Company location`}
            description={t`The location cannot be changed once confirmed.`}
            value={choice}
            onChange={(value) => setChoice(value)}
          >
            <Stack gap="xs" mt="xs">
              {COMPANY_LOCATIONS.map((value) => (
                <Radio key={value} value={value} label={i18n._(LOCATION_LABELS[value])} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <StepNav actor={actor} />
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => actor.send({ type: 'user.cancelLocation' })}
        title={t`Confirm the company location`}
        centered
      >
        <Stack>
          <Text>
            {pending ? (
              <Trans>
                Your company location is {i18n._(LOCATION_LABELS[pending])}. Once confirmed it cannot be
                changed. Continue?
              </Trans>
            ) : null}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'user.cancelLocation' })}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => actor.send({ type: 'user.confirmLocation' })}>
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
