// The gateway (spec §1, §2): the to-do list and business entries; the header comes from the app layout.
import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../shell/PageFrame';
import { CertificationCard } from './CertificationCard';
import { GatewayBusinessArea } from './GatewayBusinessArea';

export function GatewayPage() {
  return (
    <PageFrame title={<Trans>Home</Trans>}>
      <CertificationCard />
      <GatewayBusinessArea />
    </PageFrame>
  );
}
