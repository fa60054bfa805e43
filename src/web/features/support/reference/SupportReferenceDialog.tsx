// What the applicant reads after "Send to support": the reference to quote, and until when support
// can open it (issue 19 §5).
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, Modal, Stack, Text } from '@mantine/core';
import type { SupportReferenceCreated } from '../../../../contract/api/supportReferences';

export function SupportReferenceDialog({
  sent,
  onClose,
}: {
  sent: SupportReferenceCreated | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const keptUntil = sent ? i18n.date(new Date(sent.keptUntil), { dateStyle: 'long' }) : '';
  return (
    <Modal opened={sent !== null} onClose={onClose} title={t`Sent to support`} centered>
      {sent ? (
        <Stack gap="md">
          <Text>
            <Trans>Your support reference:</Trans>
          </Text>
          <Code data-testid="support-reference" fz="xl" fw={700} ta="center">
            {sent.reference}
          </Code>
          <Text size="sm">
            <Trans>
              Quote this reference when you contact support. Support can see where you are in this page,
              without your personal data, until {keptUntil}.
            </Trans>
          </Text>
          <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
            <Trans>Close</Trans>
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
