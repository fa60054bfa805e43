// Opening a snapshot by the reference an applicant quotes (issue 19 §5): the reference is typed as
// read (case, spaces and dashes do not matter), the server's copy is fetched and handed to the same
// checks and replay as a pasted snapshot.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  normalizeSupportReference,
  SUPPORT_REFERENCE_RETENTION_DAYS,
  type SupportReferenceView,
} from '../../../../contract/api/supportReferences';
import { adminApi } from '../adminApi';

type Problem = 'malformed' | 'notFound' | 'failed';

export function ReferenceLookup({ onOpened }: { onOpened: (view: SupportReferenceView) => void }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const open = async (event: FormEvent) => {
    event.preventDefault();
    const reference = normalizeSupportReference(typed);
    if (!reference) return setProblem('malformed');
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await adminApi.supportReference(reference);
      if (outcome.kind === 'ok') onOpened(outcome.data);
      else setProblem(outcome.code === 'notFound' ? 'notFound' : 'failed');
    } finally {
      setBusy(false);
    }
  };

  const days = SUPPORT_REFERENCE_RETENTION_DAYS;
  return (
    <form onSubmit={(event) => void open(event)}>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t`Support reference`}
          description={t`The reference the applicant was shown after "Send to support", e.g. SR-7K4M-2QXD.`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
        />
        <Button type="submit" loading={busy} disabled={typed.trim() === ''}>
          <Trans>Open</Trans>
        </Button>
      </Group>
      {problem ? (
        <Alert role="alert" color="red" variant="light" mt="sm">
          {problem === 'malformed' ? (
            <Trans>
              This is not a support reference: it reads SR- and two groups of four letters or digits.
            </Trans>
          ) : problem === 'notFound' ? (
            <Trans>
              No snapshot has this reference: it may be mistyped, or older than {days} days and deleted.
            </Trans>
          ) : (
            <Trans>The snapshot could not be loaded. Please try again.</Trans>
          )}
        </Alert>
      ) : null}
    </form>
  );
}
