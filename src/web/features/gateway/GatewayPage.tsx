// The gateway frame (spec §1, §2): the to-do area is empty until the certification and card
// issues fill it with the status cards; the header comes from the app layout.
import { Trans } from '@lingui/react/macro';
import { EmptyState } from '@mantine/core';
import { PageFrame } from '../../shell/PageFrame';

export function GatewayPage() {
  return (
    <PageFrame title={<Trans>Home</Trans>}>
      <section aria-label="To-do list">
        <EmptyState
          title={<Trans>Nothing to do yet</Trans>}
          description={<Trans>Your to-do items and business entries will appear here.</Trans>}
        />
      </section>
    </PageFrame>
  );
}
