// Enterprise certification (spec §2), loaded on demand. Frames with titles until issue's wizard.
import { Trans } from '@lingui/react/macro';
import { PageFrame } from '../../shell/PageFrame';

export function CertificationIndexPage() {
  return <PageFrame title={<Trans>Enterprise certification</Trans>} />;
}
export function SelectLocationCompanyPage() {
  return <PageFrame title={<Trans>Company location</Trans>} />;
}
export function CompleteCompanyInfoPage() {
  return <PageFrame title={<Trans>Company information</Trans>} />;
}
export function UploadEquityStructureChartPage() {
  return <PageFrame title={<Trans>Equity structure chart</Trans>} />;
}
export function UploadLegalPersonInfoPage() {
  return <PageFrame title={<Trans>Director / legal person</Trans>} />;
}
export function UploadBeneficiaryInfoPage() {
  return <PageFrame title={<Trans>Beneficiaries</Trans>} />;
}
export function UploadAuthorizerInfoPage() {
  return <PageFrame title={<Trans>Authorizer</Trans>} />;
}
export function UploadOtherInfoPage() {
  return <PageFrame title={<Trans>Other information</Trans>} />;
}
