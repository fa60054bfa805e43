// The hand-off page for phones (spec §1): the mobile version cannot complete every application
// step; the user copies the link and continues on a computer.
import { Trans } from '@lingui/react/macro';
import { Button, CopyButton, Text } from '@mantine/core';
import { PageFrame } from '../../shell/PageFrame';

export function MobileTransferPage() {
  const link = typeof window === 'undefined' ? '/' : `${window.location.origin}/`;
  return (
    <PageFrame title={<Trans>Please continue on a computer</Trans>}>
      <Text>
        <Trans>
          The mobile version cannot complete every application step. Please use a computer to open the portal
          and continue.
        </Trans>
      </Text>
      <Text fw={500} style={{ wordBreak: 'break-all' }}>
        {link}
      </Text>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button onClick={copy} color={copied ? 'teal' : undefined} w="fit-content">
            {copied ? <Trans>Link copied</Trans> : <Trans>Copy link</Trans>}
          </Button>
        )}
      </CopyButton>
    </PageFrame>
  );
}
