// THE route table: every route of spec §2 and its children, with its flags. The access rules
// (accessRules.ts) and the router (AppRouter.tsx) read only this.
import { msg } from '@lingui/core/macro';
import { lazy, type ComponentType } from 'react';
import { ModifyPasswordPage, UserCenterPage } from '../features/account/AccountPages';
import {
  ActivateAccountPage,
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
} from '../features/auth/AuthPages';
import {
  AgreementDetailPage,
  IdentityHomePage,
  TermsAndPrivacyPage,
  VerificationResultPage,
} from '../features/identity/IdentityPages';
import { NotFoundPage } from '../features/notFound/NotFoundPage';
import { CERTIFICATION_ROOT } from './routeRoots';
import { flattenRoutes, normalisePath, type FlatRoute, type RouteDef } from './routeTable';

type PageModule = Record<string, ComponentType>;

/** One chunk per area; each page of the area is a named export of its module. */
function lazyPage<M extends PageModule>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

// Only the shell and /login belong to the first load (issue 10 §1 budget): every other area,
// the signed-in home included, is its own chunk.
const gateway = () => import('../features/gateway/GatewayPage');
const agreement = () => import('../features/agreement/ServiceAgreementPage');
const mobileTransfer = () => import('../features/mobile/MobileTransferPage');
const certification = () => import('../features/certification/CertificationPages');
const cardApplication = () => import('../features/cardApplication/CardApplicationPages');
const admin = () => import('../features/admin/AdminPages');
/** The card application's three routes share one page (CardApplicationPages.tsx says why). */
const cardApplicationPage = lazyPage(cardApplication, 'CardApplicationPage');

const Redirecting: ComponentType = () => null;

export { CERTIFICATION_ROOT };

export const routes: RouteDef[] = [
  { path: '/', title: msg`Home`, component: Redirecting, redirectTo: '/gateway' },
  { path: '/gateway', title: msg`Home`, component: lazyPage(gateway, 'GatewayPage') },
  { path: '/login', title: msg`Log in`, component: LoginPage, public: true, watermark: false },
  { path: '/register', title: msg`Register`, component: RegisterPage, public: true },
  {
    path: '/serviceAgreement',
    title: msg`Service agreement`,
    component: lazyPage(agreement, 'ServiceAgreementPage'),
    public: true,
  },
  {
    path: '/activateAccount',
    title: msg`Activate your account`,
    component: ActivateAccountPage,
    public: true,
  },
  { path: '/forgot', title: msg`Forgot password`, component: ForgotPasswordPage, public: true },
  { path: '/resetPassword', title: msg`Reset password`, component: ResetPasswordPage, public: true },
  {
    path: '/mobileTransfer',
    title: msg`Please continue on a computer`,
    component: lazyPage(mobileTransfer, 'MobileTransferPage'),
  },
  { path: '/404', title: msg`Page not found`, component: NotFoundPage, watermark: false },
  { path: '/user-center', title: msg`User center`, component: UserCenterPage },
  { path: '/modify-pwd', title: msg`Change password`, component: ModifyPasswordPage },
  {
    path: '/identityVerification',
    title: msg`Identity verification`,
    component: Redirecting,
    redirectTo: '/identityVerification/home',
    public: true,
    mobileOnly: true,
    children: [
      { path: '/identityVerification/home', title: msg`Identity verification`, component: IdentityHomePage },
      {
        path: '/identityVerification/termsAndPrivacy',
        title: msg`Terms and privacy`,
        component: TermsAndPrivacyPage,
      },
      {
        path: '/identityVerification/agreementDetail',
        title: msg`Agreement details`,
        component: AgreementDetailPage,
      },
      {
        path: '/identityVerification/verificationResultPage',
        title: msg`Verification result`,
        component: VerificationResultPage,
      },
    ],
  },
  {
    path: CERTIFICATION_ROOT,
    title: msg`Enterprise certification`,
    component: Redirecting,
    redirectTo: `${CERTIFICATION_ROOT}/enterpriseCertificationIndex`,
    lazy: true,
    certificationEntry: true,
    children: [
      {
        path: `${CERTIFICATION_ROOT}/enterpriseCertificationIndex`,
        title: msg`Enterprise certification`,
        component: lazyPage(certification, 'CertificationIndexPage'),
      },
      {
        path: `${CERTIFICATION_ROOT}/selectLocationCompany`,
        title: msg`Company location`,
        component: lazyPage(certification, 'SelectLocationCompanyPage'),
      },
      {
        path: `${CERTIFICATION_ROOT}/completeCompanyInfo`,
        title: msg`Company information`,
        component: lazyPage(certification, 'CompleteCompanyInfoPage'),
      },
      {
        path: `${CERTIFICATION_ROOT}/uploadEquityStructureChart`,
        title: msg`Equity structure chart`,
        component: lazyPage(certification, 'UploadEquityStructureChartPage'),
      },
      {
        path: `${CERTIFICATION_ROOT}/uploadLegalPersonInfo`,
        title: msg`Director / legal person`,
        component: lazyPage(certification, 'UploadLegalPersonInfoPage'),
      },
      {
        path: `${CERTIFICATION_ROOT}/uploadBeneficiaryInfo`,
        title: msg`Beneficiaries`,
        component: lazyPage(certification, 'UploadBeneficiaryInfoPage'),
      },
      {
        path: `${CERTIFICATION_ROOT}/uploadAuthorizerInfo`,
        title: msg`Authorizer`,
        component: lazyPage(certification, 'UploadAuthorizerInfoPage'),
      },
      {
        path: `${CERTIFICATION_ROOT}/uploadOtherInfo`,
        title: msg`Other information`,
        component: lazyPage(certification, 'UploadOtherInfoPage'),
      },
    ],
  },
  {
    path: '/issuingCardApplication',
    title: msg`Card-issuing application`,
    component: Redirecting,
    redirectTo: '/issuingCardApplication/issuingCardApplicationIndex',
    lazy: true,
    children: [
      {
        path: '/issuingCardApplication/issuingCardApplicationIndex',
        title: msg`Card-issuing application`,
        component: cardApplicationPage,
      },
      {
        path: '/issuingCardApplication/selectBusinessPurpose',
        title: msg`Business purpose`,
        component: cardApplicationPage,
      },
      {
        path: '/issuingCardApplication/uploadRelevantInfo',
        title: msg`Relevant information`,
        component: cardApplicationPage,
      },
    ],
  },
  {
    path: '/admin',
    title: msg`Back office`,
    component: lazyPage(admin, 'AdminHomePage'),
    lazy: true,
    children: [
      {
        path: '/admin/certifications',
        title: msg`Certification reviews`,
        component: lazyPage(admin, 'AdminCertificationQueuePage'),
      },
      {
        path: '/admin/cardApplications',
        title: msg`Card application reviews`,
        component: lazyPage(admin, 'AdminCardApplicationQueuePage'),
      },
      {
        path: '/admin/partnerLinks',
        title: msg`Partner links`,
        component: lazyPage(admin, 'AdminPartnerLinksPage'),
      },
      {
        path: '/admin/machines',
        title: msg`Machine diagrams`,
        component: lazyPage(admin, 'AdminMachinesPage'),
      },
      { path: '/admin/support', title: msg`Support replay`, component: lazyPage(admin, 'AdminSupportPage') },
      {
        path: '/admin/accounts',
        title: msg`Back-office accounts`,
        component: lazyPage(admin, 'AdminAccountsPage'),
      },
    ],
  },
];

const byPath = new Map<string, FlatRoute>(flattenRoutes(routes).map((r) => [r.path, r]));

export function findRoute(path: string): FlatRoute | undefined {
  return byPath.get(normalisePath(path));
}

export function allRoutes(): FlatRoute[] {
  return [...byPath.values()];
}
