// Mobile-only identity verification pages (spec §2), reached from the QR code on a phone.
import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../shell/PageFrame';

export function IdentityHomePage() {
  return <PageFrame title={<Trans>Identity verification</Trans>} />;
}

export function TermsAndPrivacyPage() {
  return <PageFrame title={<Trans>Terms and privacy</Trans>} />;
}

export function AgreementDetailPage() {
  return <PageFrame title={<Trans>Agreement details</Trans>} />;
}

export function VerificationResultPage() {
  return <PageFrame title={<Trans>Verification result</Trans>} />;
}
