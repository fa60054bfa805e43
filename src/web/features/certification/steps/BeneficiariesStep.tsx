// Step 5 (spec §2, §5; docs/product-rules.md "Beneficiaries"): does anyone hold 25 % or more? Yes → add and
// delete beneficiaries; no → the senior managing official.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import { Limits } from '../../../../contract/limits';
import { beneficiariesSchema } from '../../../../contract/schemas/beneficiaries';
import type { UploadTransport } from '../../uploads/uploadTransport';
import { useFieldError } from '../fieldMessages';
import { useBranchTag } from '../useBranchTag';
import type { CertificationActor } from '../useCertificationActor';
import { useStepForm } from '../useStepForm';
import { emptyPerson, PersonFields } from './PersonFields';
import { StepNav } from './StepNav';

export function BeneficiariesStep({
  actor,
  transport,
}: {
  actor: CertificationActor;
  transport: UploadTransport;
}) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const threshold = Limits.beneficiary.thresholdPercent;
  const { form, submit, blocked } = useStepForm({
    actor,
    step: 'uploadBeneficiaryInfo',
    schema: beneficiariesSchema,
    initialValues: {
      hasBeneficiaries: null as boolean | null,
      beneficiaries: [emptyPerson()],
      seniorManagingOfficial: emptyPerson(),
    },
  });
  const values = form.getValues() as { beneficiaries: unknown[] };
  // The yes/no branch is a state of the wizard's branches chart (every change reaches it).
  const yes = useBranchTag(actor, 'beneficiaries');
  const no = useBranchTag(actor, 'seniorManagingOfficial');
  const answer = yes ? 'yes' : no ? 'no' : '';

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={760}>
        <Radio.Group
          label={t`Does any shareholder hold ${threshold}% or more?`}
          value={answer}
          onChange={(value) => form.setFieldValue('hasBeneficiaries', value === 'yes')}
          error={fieldError(form.errors['hasBeneficiaries'] as string | undefined)}
        >
          <Group mt="xs">
            <Radio value="yes" label={t`Yes`} />
            <Radio value="no" label={t`No`} />
          </Group>
        </Radio.Group>
        {yes ? (
          <Stack gap="md">
            {values.beneficiaries.map((_, index) => {
              const number = index + 1;
              return (
                <Paper key={index} withBorder p="md">
                  <Group justify="space-between" mb="sm">
                    <Title order={3} size="h4">
                      <Trans>Beneficiary {number}</Trans>
                    </Title>
                    <Button
                      variant="subtle"
                      color="red"
                      disabled={values.beneficiaries.length <= 1}
                      onClick={() => form.removeListItem('beneficiaries', index)}
                    >
                      <Trans>Delete beneficiary {number}</Trans>
                    </Button>
                  </Group>
                  <PersonFields
                    form={form}
                    prefix={`beneficiaries.${index}`}
                    transport={transport}
                    title={t`Beneficiary ${number}`}
                  />
                </Paper>
              );
            })}
            {form.errors['beneficiaries'] ? (
              <Text role="alert" c="red" size="sm">
                {fieldError(form.errors['beneficiaries'] as string)}
              </Text>
            ) : null}
            <Button variant="light" onClick={() => form.insertListItem('beneficiaries', emptyPerson())}>
              <Trans>Add a beneficiary</Trans>
            </Button>
          </Stack>
        ) : null}
        {no ? (
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="sm">
              <Trans>Senior managing official</Trans>
            </Title>
            <PersonFields
              form={form}
              prefix="seniorManagingOfficial"
              transport={transport}
              title={t`Senior managing official`}
            />
          </Paper>
        ) : null}
        <StepNav actor={actor} blocked={blocked} />
      </Stack>
    </form>
  );
}
