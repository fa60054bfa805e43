// Pages of the signed-in account. Each is a frame with its title until its issue builds it.
import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../shell/PageFrame';

export function UserCenterPage() {
  return <PageFrame title={<Trans>User center</Trans>} />;
}

export function ModifyPasswordPage() {
  return <PageFrame title={<Trans>Change password</Trans>} />;
}
