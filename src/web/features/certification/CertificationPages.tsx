// Enterprise certification (spec §2), loaded on demand. Every step route shows the one wizard;
// the wizard's chart decides which step is shown and moves the route along with it.
import { CertificationWizard } from './CertificationWizard';

export const CertificationIndexPage = CertificationWizard;
export const SelectLocationCompanyPage = CertificationWizard;
export const CompleteCompanyInfoPage = CertificationWizard;
export const UploadEquityStructureChartPage = CertificationWizard;
export const UploadLegalPersonInfoPage = CertificationWizard;
export const UploadBeneficiaryInfoPage = CertificationWizard;
export const UploadAuthorizerInfoPage = CertificationWizard;
export const UploadOtherInfoPage = CertificationWizard;
