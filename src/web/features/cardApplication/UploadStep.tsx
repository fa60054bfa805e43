// uploadRelevantInfo (spec §2, §5; docs/product-rules.md 10 MB): exactly one jpg, jpeg, png or pdf file,
// checked in the browser by the machine and again by content on the server. Then the questionnaire.
// The file goes through the upload chart every certification field uses (issue 17 §3): its progress
// shows here with a cancel (UploadStatus renders that chart; cardUpload.ts bridges the two charts).
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Limits } from '../../../contract/limits';
import { UploadStatus } from '../uploads/UploadField';
import { cardUploadOf, type CardApplicationActor } from './cardApplicationActor';
import { QuestionnaireSection } from './QuestionnaireSection';
import { ReviewerMark } from './ReviewerMark';
import { StepActions } from './StepActions';

const ACCEPT = Limits.upload.extensions.map((ext) => `.${ext}`).join(',');

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The picked or dropped files, as the chart takes them (it refuses more than one, or a wrong type). */
const picked = (files: File[]) =>
  files.map((f) => ({ name: f.name, size: f.size, type: f.type, content: f }));

export function UploadStep({ actor }: { actor: CardApplicationActor }) {
  const { t } = useLingui();
  const file = useSelector(actor, (s) => s.context.file);
  const uploading = useSelector(actor, (s) => s.matches({ editing: { uploadRelevantInfo: 'uploading' } }));
  const onQuestionnaire = useSelector(actor, (s) => s.context.stage === 'questionnaire');
  const canChoose = useSelector(actor, (s) => s.can({ type: 'user.chooseFiles', files: [] }));
  const canRemove = useSelector(actor, (s) => s.can({ type: 'user.removeFile' }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'user.next' }));
  const extensions = Limits.upload.extensions.join(', ');
  const megabytes = Limits.upload.maxMegabytes;
  const upload = cardUploadOf(actor);

  return (
    <Stack gap="md">
      <section aria-label={t`Relevant documents`}>
        <Stack gap="sm">
          <Text>
            <Trans>
              Upload one document that supports your business purpose ({extensions}; at most {megabytes} MB).
            </Trans>
          </Text>
          {file ? (
            <Paper withBorder p="sm">
              <Group justify="space-between">
                <Text>
                  {file.name} · {formatSize(file.size)}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  disabled={!canRemove}
                  aria-label={t`Remove file ${file.name}`}
                  onClick={() => actor.send({ type: 'user.removeFile' })}
                >
                  <Trans>Remove</Trans>
                </Button>
              </Group>
            </Paper>
          ) : (
            // Issue 17 §3: a file dragged from the desktop may be dropped here, as on the
            // certification uploads; the button is the keyboard's and the picker's way in.
            <Paper
              withBorder
              p="md"
              role="group"
              aria-label={t`Drop zone for the relevant document`}
              style={{ borderStyle: 'dashed' }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (!canChoose || uploading) return;
                actor.send({ type: 'user.chooseFiles', files: picked([...event.dataTransfer.files]) });
              }}
            >
              <Group gap="sm">
                <FileButton
                  accept={ACCEPT}
                  multiple
                  onChange={(files: File[]) => actor.send({ type: 'user.chooseFiles', files: picked(files) })}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="outline"
                      loading={uploading}
                      disabled={!canChoose || uploading}
                    >
                      <Trans>Choose file</Trans>
                    </Button>
                  )}
                </FileButton>
                <Text size="sm" c="dimmed">
                  <Trans>or drop it here</Trans>
                </Text>
              </Group>
            </Paper>
          )}
          {upload && uploading ? <UploadStatus actor={upload} label={t`Relevant documents`} /> : null}
          <ReviewerMark actor={actor} field="uploadRelevantInfo.fileId" />
        </Stack>
      </section>
      {onQuestionnaire ? (
        <QuestionnaireSection actor={actor} />
      ) : (
        <StepActions
          actor={actor}
          forward={
            <Button disabled={!canNext} onClick={() => actor.send({ type: 'user.next' })}>
              <Trans>Next: questionnaire</Trans>
            </Button>
          }
        />
      )}
    </Stack>
  );
}
