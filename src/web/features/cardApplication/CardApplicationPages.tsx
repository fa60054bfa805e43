// Card-issuing application (spec §2), loaded on demand. Frames with titles until its issue.
import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../shell/PageFrame';

export function CardApplicationIndexPage() {
  return <PageFrame title={<Trans>Card-issuing application</Trans>} />;
}
export function SelectBusinessPurposePage() {
  return <PageFrame title={<Trans>Business purpose</Trans>} />;
}
export function UploadRelevantInfoPage() {
  return <PageFrame title={<Trans>Relevant information</Trans>} />;
}
