// Step 4 (spec §2, §3 Person): the director / legal person.
import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { personSchema } from '../../../../contract/schemas/person';
import type { UploadTransport } from '../../uploads/uploadTransport';
import type { CertificationActor } from '../useCertificationActor';
import { useStepForm } from '../useStepForm';
import { emptyPerson, PersonFields } from './PersonFields';
import { StepNav } from './StepNav';

export function LegalPersonStep({
  actor,
  transport,
}: {
  actor: CertificationActor;
  transport: UploadTransport;
}) {
  const { t } = useLingui();
  const { form, submit, blocked } = useStepForm({
    actor,
    step: 'uploadLegalPersonInfo',
    schema: personSchema,
    initialValues: emptyPerson(),
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={760}>
        <PersonFields form={form} prefix="" transport={transport} title={t`Director / legal person`} />
        <StepNav actor={actor} blocked={blocked} />
      </Stack>
    </form>
  );
}
