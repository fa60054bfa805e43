// Answers of the back-office API, shaped by src/contract/api/admin.ts.
import type {
  CertificationCaseView,
  CertificationQueueItem,
  CertificationQueuePage,
} from '../../../src/contract/api/admin';

export const CASE_ID = '6a1f0c3e-0000-4000-8000-000000000001';
export const PDF_ID = '6a1f0c3e-0000-4000-8000-0000000000f1';
export const IMAGE_ID = '6a1f0c3e-0000-4000-8000-0000000000f2';
export const FACE_ID = '6a1f0c3e-0000-4000-8000-0000000000f3';

export function queueItem(n: number, patch: Partial<CertificationQueueItem> = {}): CertificationQueueItem {
  return {
    id: `6a1f0c3e-0000-4000-8000-00000000010${n}`,
    status: 'underReview',
    lifecycleState: 'underReview' as CertificationQueueItem['lifecycleState'],
    companyId: `c-${n}`,
    companyName: `Harbour Trading ${n} Ltd`,
    location: 'HK',
    applicantEmail: `owner${n}@harbour.example`,
    applicantName: 'Mei Chen',
    submittedAt: `2026-01-0${n}T08:00:00.000Z`,
    decidedAt: null,
    decidedBy: null,
    operatorId: null,
    claim: null,
    approval: 'awaitingProposal',
    ...patch,
  };
}

export function queuePage(items: CertificationQueueItem[], total = items.length): CertificationQueuePage {
  return {
    items,
    total,
    page: 1,
    pageSize: 20,
    counts: { underReview: 7, revisionRequested: 2, rejected: 1, approved: 4 },
  };
}

const doc = (fileId: string, kind: string, contentType: string, name: string, fieldPath: string | null) => ({
  fileId,
  kind,
  contentType,
  name,
  size: 1024,
  fieldPath,
  deleted: false,
});

export function certificationCase(patch: Partial<CertificationCaseView> = {}): CertificationCaseView {
  return {
    id: CASE_ID,
    status: 'underReview',
    lifecycleState: 'underReview' as CertificationCaseView['lifecycleState'],
    certificationStatus: 1,
    auditStatus: 1,
    version: 3,
    allowedDecisions: ['approve', 'reject', 'requestRevision'],
    approval: { state: 'awaitingProposal', proposedBy: null, proposedAt: null, declined: null },
    approvalBlock: null,
    claim: null,
    company: { id: 'c-1', name: 'Harbour Trading Ltd', location: 'HK', operatorId: null, creditCode: null },
    applicant: {
      userId: 'u-1',
      email: 'owner@harbour.example',
      firstName: 'Mei',
      lastName: 'Chen',
      position: 'manager',
      phoneAreaCode: null,
      phone: null,
      language: 'en-us',
    },
    submittedAt: '2026-01-01T08:00:00.000Z',
    steps: [
      {
        stepId: 'completeCompanyInfo',
        fields: [
          {
            path: 'completeCompanyInfo.companyNameEnglish',
            fieldPath: 'companyNameEnglish',
            value: 'Harbour Trading Ltd',
            fileId: null,
          },
          {
            path: 'completeCompanyInfo.businessLicenseFileId',
            fieldPath: 'businessLicenseFileId',
            value: PDF_ID,
            fileId: PDF_ID,
          },
        ],
      },
      {
        stepId: 'uploadAuthorizerInfo',
        fields: [
          {
            path: 'uploadAuthorizerInfo.person.document.frontFileId',
            fieldPath: 'person.document.frontFileId',
            value: IMAGE_ID,
            fileId: IMAGE_ID,
          },
        ],
      },
    ],
    documents: [
      doc(
        PDF_ID,
        'businessLicense',
        'application/pdf',
        'licence.pdf',
        'completeCompanyInfo.businessLicenseFileId',
      ),
      doc(
        IMAGE_ID,
        'idFront',
        'image/png',
        'id-front.png',
        'uploadAuthorizerInfo.person.document.frontFileId',
      ),
    ],
    authorizer: {
      documentPhotos: [
        doc(
          IMAGE_ID,
          'idFront',
          'image/png',
          'id-front.png',
          'uploadAuthorizerInfo.person.document.frontFileId',
        ),
      ],
      faceCapture: doc(FACE_ID, 'faceCapture', 'image/jpeg', 'face.jpg', null),
      verificationSessionId: 'v-1',
      verificationState: 'verified',
      verifiedAt: '2026-01-01T07:00:00.000Z',
      face: null,
    },
    decision: null,
    history: [
      {
        id: 'h-1',
        source: 'lifecycle',
        action: 'applicant.submit',
        fromState: 'draft',
        toState: 'underReview',
        actor: { userId: 'u-1', email: 'owner@harbour.example', role: 'applicant' },
        reason: null,
        flaggedFields: [],
        comment: null,
        at: '2026-01-01T08:00:00.000Z',
      },
    ],
    ...patch,
  };
}
