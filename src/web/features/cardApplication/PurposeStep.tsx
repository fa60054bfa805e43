// selectBusinessPurpose (spec §2, §3): one of the categories.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useSelector } from '@xstate/react';
import { INDUSTRY_CATEGORIES, type IndustryCategory } from '../../../contract/options';
import type { CardApplicationActor } from './cardApplicationActor';
import { PURPOSE_LABELS } from './purposeLabels';
import { ReviewerMark } from './ReviewerMark';
import { StepActions } from './StepActions';

export function PurposeStep({ actor }: { actor: CardApplicationActor }) {
  const { t, i18n } = useLingui();
  const purpose = useSelector(actor, (s) => s.context.businessPurpose);
  const canNext = useSelector(actor, (s) => s.can({ type: 'user.next' }));
  return (
    <Stack gap="md">
      <Text>
        <Trans>Choose the main purpose your company will use the cards for.</Trans>
      </Text>
      <Radio.Group
        label={t`Business purpose`}
        value={purpose ?? ''}
        onChange={(value) => actor.send({ type: 'user.choosePurpose', purpose: value as IndustryCategory })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="sm">
          {INDUSTRY_CATEGORIES.map((category) => (
            <Radio key={category} value={category} label={i18n._(PURPOSE_LABELS[category])} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <ReviewerMark actor={actor} field="selectBusinessPurpose.businessPurpose" />
      <StepActions
        actor={actor}
        forward={
          <Button disabled={!canNext} onClick={() => actor.send({ type: 'user.next' })}>
            <Trans>Next step</Trans>
          </Button>
        }
      />
    </Stack>
  );
}
