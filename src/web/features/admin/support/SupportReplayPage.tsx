// Issue 9 §4: support opens a snapshot an applicant sent by its reference (issue 19 §5) or pastes
// one a user copied; the page checks it (unknown machine, another
// version: a clear message, never a crash) and shows the machine's diagram with the snapshot's state
// highlighted, the flow's real view restored from the snapshot read-only beside it (where the flow
// has a replayable view, see replayViews.tsx), and its (redacted) context.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { useMemo, useState } from 'react';
import type { SupportReferenceView } from '../../../../contract/api/supportReferences';
import { parseSupportSnapshot, type ParsedSupportSnapshot } from '../../support/snapshot/supportSnapshot';
import { MachineDiagram } from '../machines/MachineDiagram';
import { activeStatePaths } from '../machines/machineTables';
import { ReferenceLookup } from './ReferenceLookup';
import { ReplayedFlowView } from './ReplayedFlowView';

function ParseProblem({ parsed }: { parsed: Exclude<ParsedSupportSnapshot, { kind: 'ok' }> }) {
  let text;
  switch (parsed.kind) {
    case 'notJson':
      text = <Trans>This is not a snapshot: the text is not valid JSON.</Trans>;
      break;
    case 'notSnapshot':
      text = <Trans>This is not a support snapshot: it needs machine, version and snapshot.</Trans>;
      break;
    case 'unknownMachine':
      text = <Trans>This portal has no machine named "{parsed.machine}".</Trans>;
      break;
    case 'otherVersion':
      text = (
        <Trans>
          This snapshot is from version {parsed.version} of "{parsed.machine}"; this portal runs version{' '}
          {parsed.expected}. It cannot be replayed here.
        </Trans>
      );
      break;
    case 'notRestorable':
      text = <Trans>The snapshot's state does not exist in "{parsed.machine}"; it cannot be replayed.</Trans>;
      break;
  }
  return (
    <Alert role="alert" color="red" variant="light">
      {text}
    </Alert>
  );
}

function OpenedReference({ view }: { view: SupportReferenceView }) {
  const { reference, createdAt, keptUntil } = view;
  return (
    <Text data-testid="opened-reference">
      <Trans>
        Reference {reference}, sent {createdAt}, kept until {keptUntil}.
      </Trans>
    </Text>
  );
}

export function SupportReplayPage() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  /** The reference the snapshot on screen was opened by; null for a pasted one. */
  const [opened, setOpened] = useState<SupportReferenceView | null>(null);
  const parsed = useMemo(() => (submitted === null ? null : parseSupportSnapshot(submitted)), [submitted]);
  const active = useMemo(
    () => (parsed?.kind === 'ok' ? activeStatePaths(parsed.state.value) : undefined),
    [parsed],
  );
  return (
    <Stack gap="md">
      <ReferenceLookup
        onOpened={(view) => {
          setOpened(view);
          setSubmitted(JSON.stringify(view.envelope));
        }}
      />
      <Textarea
        label={t`Support snapshot`}
        description={t`Paste the diagnostic info the user copied (machine, version, appVersion, at, snapshot).`}
        rows={8}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Button
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setOpened(null);
          setSubmitted(text);
        }}
        disabled={text.trim() === ''}
      >
        <Trans>Replay</Trans>
      </Button>
      {parsed && parsed.kind !== 'ok' ? <ParseProblem parsed={parsed} /> : null}
      {opened ? <OpenedReference view={opened} /> : null}
      {parsed?.kind === 'ok' ? (
        <Stack gap="md">
          <Text>
            <Trans>
              Machine {parsed.entry.id}, version {parsed.envelope.version}, app {parsed.envelope.appVersion},
              taken at {parsed.envelope.at}.
            </Trans>
          </Text>
          <Text data-testid="replayed-state">
            <Trans>Current state:</Trans> <Code>{JSON.stringify(parsed.state.value)}</Code>
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <ReplayedFlowView entry={parsed.entry} snapshot={parsed.envelope.snapshot} />
            <MachineDiagram entry={parsed.entry} activePaths={active} />
          </SimpleGrid>
          <Title order={3}>
            <Trans>Context (read-only, personal data redacted)</Trans>
          </Title>
          <Code block aria-label={t`Snapshot context`}>
            {JSON.stringify(parsed.state.context, null, 2)}
          </Code>
        </Stack>
      ) : null}
    </Stack>
  );
}
