// The biometric processing agreement shown on /identityVerification/agreementDetail.
import { Trans } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';

export function AgreementText() {
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        <Trans>What we collect</Trans>
      </Title>
      <Text size="sm">
        <Trans>A photo of your face taken during this verification, and the time you agreed.</Trans>
      </Text>
      <Title order={2} size="h5">
        <Trans>Why</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          To confirm that you are the person named in the company's application. A reviewer compares the photo
          with the identity document; a face-match service may help.
        </Trans>
      </Text>
      <Title order={2} size="h5">
        <Trans>How long and who sees it</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          The photo is stored with the application, is seen only by the company's account and our reviewers,
          and is kept as long as the law requires for customer checks.
        </Trans>
      </Text>
      <Title order={2} size="h5">
        <Trans>Your choice</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          You may cancel at any time before the result; the company then needs a new code to verify.
        </Trans>
      </Text>
    </Stack>
  );
}
