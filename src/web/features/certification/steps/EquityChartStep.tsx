// Step 3 (spec §2): the equity structure chart, one document.
import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { CertificationFileKinds, equityStructureChartSchema } from '../../../../contract/api/certification';
import type { UploadTransport } from '../../uploads/uploadTransport';
import type { CertificationActor } from '../useCertificationActor';
import { useStepForm } from '../useStepForm';
import { FormUpload } from './formFields';
import { StepNav } from './StepNav';

export function EquityChartStep({
  actor,
  transport,
}: {
  actor: CertificationActor;
  transport: UploadTransport;
}) {
  const { t } = useLingui();
  const { form, submit, blocked } = useStepForm({
    actor,
    step: 'uploadEquityStructureChart',
    schema: equityStructureChartSchema,
    initialValues: { equityStructureChartFileId: '' },
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={760}>
        <FormUpload
          form={form}
          path="equityStructureChartFileId"
          label={t`Equity structure chart`}
          kind={CertificationFileKinds.equityStructureChart}
          transport={transport}
        />
        <StepNav actor={actor} blocked={blocked} />
      </Stack>
    </form>
  );
}
