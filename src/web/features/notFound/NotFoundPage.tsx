import { Trans } from '@lingui/react/macro';
import { Button, Text } from '@mantine/core';
import { Link } from 'wouter';
import { PageFrame } from '../../shell/PageFrame';

export function NotFoundPage() {
  return (
    <PageFrame title={<Trans>Page not found</Trans>}>
      <Text>
        <Trans>The page you asked for does not exist or has moved.</Trans>
      </Text>
      <Link href="/" asChild>
        <Button component="a" w="fit-content">
          <Trans>Back to home</Trans>
        </Button>
      </Link>
    </PageFrame>
  );
}
