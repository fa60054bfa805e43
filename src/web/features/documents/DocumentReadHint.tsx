// The applicant's hint after an upload (issue 30): when the document reads differently from what was
// typed for it ("The licence reads 9131…; you typed 9132…"). Never blocking and never an error: the
// reading can be wrong, so it asks to check, and the applicant may keep the value.
import { Trans } from '@lingui/react/macro';
import { Alert, List, Text } from '@mantine/core';
import type { DocumentReadingView } from '../../../contract/api/documents';
import { compareWithTyped } from '../../../contract/documents/checks';
import { isReadKind } from '../../../contract/documents/reading';
import { useFieldLabel } from './documentLabels';
import { useDocumentReading } from './useDocumentReading';

/** What the view shows for a reading and the values typed beside the file (pure: tests render it). */
export function DocumentReadHintView(props: {
  kind: string;
  reading: DocumentReadingView | null;
  values: unknown;
}) {
  const label = useFieldLabel();
  const { kind, reading, values } = props;
  if (!reading || reading.status !== 'done' || !isReadKind(kind)) return null;
  const different = compareWithTyped(kind, reading.fields, values, reading.mrz).filter(
    (c) => c.verdict === 'different',
  );
  if (different.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="document-read-hint" mt="xs">
      <Text size="sm" fw={500}>
        <Trans>The document may not match what you typed</Trans>
      </Text>
      <List size="sm" mt={4}>
        {different.map((c) => {
          const field = label(c.field);
          const read = c.read ?? '';
          const typed = c.typed;
          return (
            <List.Item key={c.field}>
              <Trans>
                {field}: the document reads {read}; you typed {typed}.
              </Trans>
            </List.Item>
          );
        })}
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        <Trans>
          Reading can be wrong: please check. If what you typed is right, keep it; this does not stop you.
        </Trans>
      </Text>
    </Alert>
  );
}

/** Asks for the file's reading and shows the hint once it is read. */
export function DocumentReadHint(props: { fileId: string | null; kind: string; values: unknown }) {
  const reading = useDocumentReading(props.fileId, props.kind);
  return <DocumentReadHintView kind={props.kind} reading={reading} values={props.values} />;
}
