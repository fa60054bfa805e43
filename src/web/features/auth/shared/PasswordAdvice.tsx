// Spec §5: the password rule, and the advice not to reuse a password from other sites.
import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { Limits } from '../../../../contract/limits';

export function PasswordAdvice() {
  const { minLength, maxLength } = Limits.password;
  return (
    <Text size="xs" c="dimmed">
      <Trans>
        {minLength}–{maxLength} characters with an uppercase letter, a lowercase letter and a special
        character. Avoid a password you use on other sites.
      </Trans>
    </Text>
  );
}
