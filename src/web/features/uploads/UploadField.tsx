// A document upload (spec §5; docs/product-rules.md "Uploads"): Mantine Dropzone, jpg/jpeg/png/pdf up to
// Limits.upload.maxMegabytes MB checked before sending, progress with cancel, a preview of images and
// PDFs, replace and delete, and "Upload failed" with a retry when the connection fails (on its own
// when the browser comes back online). It renders the upload chart's state and sends it events.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Image, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Image.css';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../../../machines/upload.machine';
import { Limits } from '../../../contract/limits';
import { ACCEPTED_TYPES, isImage, type FileProblem } from './fileChecks';
import { useUploadField } from './useUploadField';
import type { UploadTransport } from './uploadTransport';

/** An upload chart's actor: a field's own, or the card application's (cardUpload.ts). */
type UploadFieldActor = ActorRefFrom<typeof uploadMachine>;

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

function useProblemText(): (problem: FileProblem | null) => string {
  const { t } = useLingui();
  const max = Limits.upload.maxMegabytes;
  return (problem) => {
    if (problem === 'tooLarge') return t`The file is larger than ${max} MB`;
    if (problem === 'empty') return t`The file is empty`;
    return t`Only JPG, JPEG, PNG or PDF files can be uploaded`;
  };
}

/** The chart's state under the drop zone: progress with cancel, or what went wrong and what to do. */
export function UploadStatus({ actor, label }: { actor: UploadFieldActor; label: string }) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const state = useSelector(actor, (s) => s.value);
  const { file, fraction, problem, message, offline } = useSelector(actor, (s) => s.context);
  const fileName = file?.name ?? '';
  switch (state) {
    case 'uploading':
      return (
        <Stack gap={4}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              <Trans>Uploading {fileName}</Trans>
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => actor.send({ type: 'user.cancel' })}>
              <Trans>Cancel upload</Trans>
            </Button>
          </Group>
          <Progress value={Math.round(fraction * 100)} aria-label={t`Upload progress of ${label}`} />
        </Stack>
      );
    case 'rejected':
      return (
        <Text role="alert" size="sm" c="red">
          {problemText(problem)}
        </Text>
      );
    case 'refused':
      return (
        <Text role="alert" size="sm" c="red">
          {message || t`Upload failed`}
        </Text>
      );
    case 'failed':
      return (
        <Group gap="sm" role="alert">
          <Text size="sm" c="red">
            {offline ? (
              <Trans>You are offline. The file is kept and is sent when the connection is back.</Trans>
            ) : (
              <Trans>Upload failed</Trans>
            )}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => actor.send({ type: 'user.retry' })}>
            <Trans>Retry upload</Trans>
          </Button>
        </Group>
      );
    case 'cancelled':
      return (
        <Text role="status" size="sm" c="dimmed">
          <Trans>Upload cancelled. Nothing was stored.</Trans>
        </Text>
      );
    default:
      return null;
  }
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
  const openPicker = useRef<() => void>(null);
  const { actor, info, previewUrl, pick, remove } = useUploadField({ transport, kind, value, onChange });
  const uploading = useSelector(actor, (s) => s.hasTag('busy'));
  const max = Limits.upload.maxMegabytes;
  const choose = (files: File[]) => {
    const first = files[0];
    if (first) pick(first);
  };

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
          onDrop={choose}
          onReject={(rejections) => choose(rejections.map((r) => r.file))}
          accept={ACCEPTED_TYPES}
          multiple={false}
          openRef={openPicker}
          loading={uploading}
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
        <UploadStatus actor={actor} label={label} />
      </Stack>
    </Input.Wrapper>
  );
}
