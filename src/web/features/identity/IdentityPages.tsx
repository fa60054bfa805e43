// Mobile-only identity verification pages (spec §2), reached from the QR code on a phone. The route
// table imports these names; each loads the phone screen on demand, so none of it is in the first
// chunk. All four render the same screen: the verification chart decides which page is showing.
import { lazy, type ComponentType } from 'react';

const PhoneScreen: ComponentType = lazy(() =>
  import('./PhoneVerificationScreen').then((m) => ({ default: m.PhoneVerificationScreen })),
);

export const IdentityHomePage = PhoneScreen;
export const TermsAndPrivacyPage = PhoneScreen;
export const AgreementDetailPage = PhoneScreen;
export const VerificationResultPage = PhoneScreen;
