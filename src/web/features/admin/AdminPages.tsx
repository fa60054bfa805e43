// The back office (ARCHITECTURE.md), loaded on demand. Frames with titles until its issue.
import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../shell/PageFrame';

export function AdminHomePage() {
  return <PageFrame title={<Trans>Back office</Trans>} />;
}
export function AdminCertificationQueuePage() {
  return <PageFrame title={<Trans>Certification reviews</Trans>} />;
}
export function AdminCardApplicationQueuePage() {
  return <PageFrame title={<Trans>Card application reviews</Trans>} />;
}
