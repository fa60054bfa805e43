// Step 7 (spec §2 "Other info"): optional supporting documents and a note.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Textarea } from '@mantine/core';
import {
  CertificationFileKinds,
  OTHER_INFO_MAX_FILES,
  OTHER_INFO_NOTE_MAX,
  otherInfoSchema,
} from '../../../../contract/api/certification';
import type { UploadTransport } from '../../uploads/uploadTransport';
import type { CertificationActor } from '../useCertificationActor';
import { useStepForm } from '../useStepForm';
import { FormUpload, useBind } from './formFields';
import { StepNav } from './StepNav';

export function OtherInfoStep({
  actor,
  transport,
}: {
  actor: CertificationActor;
  transport: UploadTransport;
}) {
  const { t } = useLingui();
  const { form, submit, blocked } = useStepForm({
    actor,
    step: 'uploadOtherInfo',
    schema: otherInfoSchema,
    initialValues: { otherFileIds: [] as string[], note: '' },
  });
  const bind = useBind(form);
  const files = (form.getValues() as { otherFileIds: string[] }).otherFileIds;
  // Empty slots (a file deleted, or one not uploaded yet) are not sent.
  const onSubmit = (event?: React.FormEvent<HTMLFormElement>) => {
    form.setFieldValue(
      'otherFileIds',
      files.filter((id) => id !== ''),
    );
    submit(event);
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm" maw={760}>
        {files.map((_, index) => {
          const number = index + 1;
          return (
            <FormUpload
              key={index}
              form={form}
              path={`otherFileIds.${index}`}
              label={t`Supporting document ${number}`}
              kind={CertificationFileKinds.otherDocument}
              transport={transport}
            />
          );
        })}
        {files.length < OTHER_INFO_MAX_FILES ? (
          <Button variant="light" onClick={() => form.insertListItem('otherFileIds', '')}>
            <Trans>Add a supporting document</Trans>
          </Button>
        ) : null}
        <Textarea
          label={t`Note (optional)`}
          maxLength={OTHER_INFO_NOTE_MAX}
          minRows={3}
          rows={3}
          {...bind('note')}
        />
        <StepNav actor={actor} blocked={blocked} />
      </Stack>
    </form>
  );
}
