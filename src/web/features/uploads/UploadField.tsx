// A document upload (spec §5; DECISIONS.md "Uploads"): Mantine Dropzone, jpg/jpeg/png/pdf up to
// Limits.upload.maxMegabytes MB checked before sending, progress, a preview of images and PDFs,
// replace and delete, and "Upload failed" with a retry when the connection fails.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Image, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Image.css';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { useRef, type ReactNode } from 'react';
import { Limits } from '../../../contract/limits';
import { ACCEPTED_TYPES, isImage, type FileProblem } from './fileChecks';
import { useUploadField } from './useUploadField';
import type { UploadTransport } from './uploadTransport';

export interface UploadFieldProps {
  label: string;
  /** The files API `kind` (src/contract/api/certification.ts CertificationFileKinds). */
  kind: string;
  value: string | null;
  onChange: (id: string | null) => void;
  transport: UploadTransport;
  error?: ReactNode;
  description?: ReactNode;
}

function useProblemText(): (problem: FileProblem) => string {
  const { t } = useLingui();
  const max = Limits.upload.maxMegabytes;
  return (problem) => {
    if (problem === 'wrongType') return t`Only JPG, JPEG, PNG or PDF files can be uploaded`;
    if (problem === 'tooLarge') return t`The file is larger than ${max} MB`;
    return t`The file is empty`;
  };
}

export function UploadField({
  label,
  kind,
  value,
  onChange,
  transport,
  error,
  description,
}: UploadFieldProps) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const openPicker = useRef<() => void>(null);
  const { status, info, previewUrl, send, retry, remove } = useUploadField({
    transport,
    kind,
    value,
    onChange,
  });
  const max = Limits.upload.maxMegabytes;
  const pick = (files: File[]) => {
    const first = files[0];
    if (first) void send(first);
  };

  const statusLine =
    status.kind === 'uploading' ? (
      <Stack gap={4}>
        <Text size="sm">
          <Trans>Uploading {status.fileName}</Trans>
        </Text>
        <Progress value={Math.round(status.fraction * 100)} aria-label={t`Upload progress of ${label}`} />
      </Stack>
    ) : status.kind === 'rejected' ? (
      <Text role="alert" size="sm" c="red">
        {problemText(status.problem)}
      </Text>
    ) : status.kind === 'refused' ? (
      <Text role="alert" size="sm" c="red">
        {status.message || t`Upload failed`}
      </Text>
    ) : status.kind === 'failed' ? (
      <Group gap="sm" role="alert">
        <Text size="sm" c="red">
          <Trans>Upload failed</Trans>
        </Text>
        <Button size="compact-sm" variant="light" onClick={retry}>
          <Trans>Retry upload</Trans>
        </Button>
      </Group>
    ) : null;

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap="xs" mt={4}>
        {value ? (
          <Paper withBorder p="sm" aria-label={t`Uploaded file for ${label}`} role="group">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {info?.originalName ?? t`Uploaded file`}
                </Text>
                {previewUrl && info && isImage(info.contentType) ? (
                  <Image src={previewUrl} alt={t`Preview of ${label}`} mah={160} w="auto" fit="contain" />
                ) : null}
                {previewUrl && info && !isImage(info.contentType) ? (
                  <Anchor href={previewUrl} target="_blank" rel="noopener" size="sm">
                    <Trans>Open the PDF</Trans>
                  </Anchor>
                ) : null}
              </Stack>
              <Group gap="xs">
                <Button size="compact-sm" variant="default" onClick={() => openPicker.current?.()}>
                  <Trans>Replace</Trans>
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove()}>
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            </Group>
          </Paper>
        ) : null}
        <Dropzone
          onDrop={pick}
          onReject={(rejections) => pick(rejections.map((r) => r.file))}
          accept={ACCEPTED_TYPES}
          multiple={false}
          openRef={openPicker}
          loading={status.kind === 'uploading'}
          hidden={value !== null}
          aria-label={label}
          inputProps={{ 'aria-label': label }}
        >
          <Stack gap={2} align="center" py="sm">
            <Text size="sm">
              <Trans>Drop a file here or click to choose one</Trans>
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>JPG, JPEG, PNG or PDF, at most {max} MB</Trans>
            </Text>
          </Stack>
        </Dropzone>
        {statusLine}
      </Stack>
    </Input.Wrapper>
  );
}
