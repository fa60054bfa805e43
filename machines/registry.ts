// Every machine of the portal, flows and lifecycles, in one list. Diagrams (npm run diagrams) and the
// generated path-coverage tests (npm run test:paths) read this list, so a machine registered here is
// drawn and covered without any further line anywhere.
import type { AnyEventObject } from 'xstate';
import { Limits } from '../src/contract/limits';
import { activationMachine } from './activation.machine';
import { captchaMachine } from './captcha.machine';
import { changePasswordMachine } from './changePassword.machine';
import { loginMachine } from './login.machine';
import { forgotPasswordMachine, resetPasswordMachine } from './passwordReset.machine';
import { registrationMachine } from './registration.machine';
import { accountActivationLifecycleMachine } from './accountActivationLifecycle.machine';
import { approvalLifecycleMachine } from './approvalLifecycle.machine';
import { cardApplicationMachine } from './cardApplication.machine';
import { notStartedCardApplication } from './cardApplicationViews';
import { cardApplicationLifecycleMachine } from './cardApplicationLifecycle.machine';
import { certificationLifecycleMachine } from './certificationLifecycle.machine';
import { certificationMachine, draftAutosaveMachine } from './certification.machine';
import { certificationBranchesMachine } from './certificationBranches.machine';
import { sessionMachine } from './session.machine';
import { verificationSessionLifecycleMachine } from './verificationSessionLifecycle.machine';
import { qrVerificationEntries } from './qrVerification.registry';
import { reviewDecisionEntry } from './reviewDecision.registry';
import { faceOverrideEntry } from './faceOverride.registry';
import { uploadEntry } from './upload.registry';
import type { MachineRegistryEntry } from './registryEntry';

// The entry type lives in ./registryEntry so the per-machine *.registry.ts files need nothing from
// this file (they are imported here; importing back made a cycle). Re-exported for existing users.
export type { MachineRegistryEntry } from './registryEntry';

const ok = (data: unknown = null) => ({ kind: 'ok', data });
const refused = (code: string) => ({ kind: 'refused', code });
const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error: new Error('network'),
});

const challenge = {
  challengeId: '00000000-0000-4000-8000-000000000000',
  background: 'data:image/png;base64,',
  piece: 'data:image/png;base64,',
  pieceY: 40,
  width: 320,
  height: 160,
  pieceSize: 44,
};

const user = { email: 'owner@company.example' };

// ---- accounts flows (issue 4) ----------------------------------------------------------------
// Graph events give each invoked actor the answers that take every branch of its chart: one refusal
// per distinct transition is enough; more would only multiply the generated paths.
const accountsFlowEntries: readonly MachineRegistryEntry[] = [
  {
    id: 'captcha',
    kind: 'flow',
    title: 'Drag-puzzle slider',
    machine: captchaMachine,
    graphEvents: [
      done('loadPuzzle', challenge),
      failed('loadPuzzle'),
      {
        type: 'slider.release',
        x: 120,
        trail: [
          { x: 0, y: 0, t: 0 },
          { x: 120, y: 1, t: 400 },
        ],
        keyboard: false,
      },
      done('verifyAnswer', { kind: 'solved', captchaToken: 'captcha-token-0001' }),
      done('verifyAnswer', { kind: 'failed' }),
      failed('verifyAnswer'),
    ],
  },
  {
    id: 'login',
    kind: 'flow',
    title: 'Log in',
    machine: loginMachine,
    delays: {
      lockoutPeriod: { limit: 'Limits.login.lockoutMs', ms: Limits.login.lockoutMs },
    },
    graphEvents: [
      { type: 'user.submit', email: user.email, password: 'Secret#2024' },
      { type: 'user.submit', email: 'other@company.example', password: 'Secret#2024' },
      done('signIn', ok({ token: 'session-token', user })),
      done('signIn', refused('accountLocked')),
      done('signIn', refused('invalidCredentials')),
      failed('signIn'),
    ],
  },
  {
    id: 'registration',
    kind: 'flow',
    title: 'Registration',
    machine: registrationMachine,
    delays: {
      resendCooldown: { limit: 'Limits.emailCode.resendAfterMs', ms: Limits.emailCode.resendAfterMs },
      codeValidityAfterCooldown: {
        limit: 'Limits.emailCode.validMs − Limits.emailCode.resendAfterMs',
        ms: Limits.emailCode.validMs - Limits.emailCode.resendAfterMs,
      },
      untilResendAllowed: {
        limit: 'the server’s retry time (rate limit)',
        ms: 0,
        computed: 'the wait the server named when it refused a resend; 0 when it named none',
      },
    },
    graphEvents: [
      {
        type: 'user.submitInfo',
        info: {
          firstName: 'Mei',
          lastName: 'Chen',
          location: 'HK',
          companyName: 'Harbour Trading Ltd',
          position: 'manager',
          email: user.email,
          phoneAreaCode: null,
          phone: null,
          password: 'Secret#2024',
          invitationCode: null,
          serviceAgreement: true,
        },
      },
      { type: 'user.submitCode', code: '123456', password: 'Secret#2024' },
      done('sendCode', ok({ sentAt: 0 })),
      done('sendCode', refused('emailRegisteredNotActivated')),
      done('sendCode', refused('emailRegistered')),
      done('sendCode', refused('captchaFailed')),
      done('sendCode', refused('codeResendTooSoon')),
      failed('sendCode'),
      done('register', ok()),
      done('register', refused('emailRegistered')),
      done('register', refused('codeWrong')),
      failed('register'),
      done('resendActivation', ok()),
      done('resendActivation', { ...refused('rateLimited'), retry: { afterMs: 60_000, at: 60_000 } }),
      failed('resendActivation'),
    ],
  },
  {
    id: 'forgotPassword',
    kind: 'flow',
    title: 'Forgot password',
    machine: forgotPasswordMachine,
    graphEvents: [
      { type: 'user.submit', email: user.email },
      done('sendResetMail', ok()),
      done('sendResetMail', refused('emailNotFound')),
      failed('sendResetMail'),
    ],
  },
  {
    id: 'resetPassword',
    kind: 'flow',
    title: 'Reset password',
    machine: resetPasswordMachine,
    graphInputs: [{ hasToken: true }, { hasToken: false }],
    graphEvents: [
      { type: 'user.submit', newPassword: 'Newer#2024' },
      done('checkResetLink', ok()),
      done('checkResetLink', refused('resetLinkExpired')),
      done('checkResetLink', refused('resetLinkInvalid')),
      failed('checkResetLink'),
      done('resetPassword', ok()),
      done('resetPassword', refused('resetLinkExpired')),
      done('resetPassword', refused('resetLinkInvalid')),
      done('resetPassword', refused('passwordReused')),
      failed('resetPassword'),
    ],
  },
  {
    id: 'changePassword',
    kind: 'flow',
    title: 'Change password',
    machine: changePasswordMachine,
    graphEvents: [
      { type: 'user.submit', currentPassword: 'Secret#2024', newPassword: 'Newer#2024' },
      done('changePassword', ok()),
      done('changePassword', refused('currentPasswordIncorrect')),
      failed('changePassword'),
    ],
  },
  {
    id: 'activation',
    kind: 'flow',
    title: 'Account activation page',
    machine: activationMachine,
    graphInputs: [{ hasToken: true }, { hasToken: false }],
    graphEvents: [
      { type: 'user.resend', email: user.email },
      done('activateAccount', refused('activationSuccess')),
      done('activateAccount', refused('activationExpired')),
      done('activateAccount', refused('alreadyActivated')),
      done('activateAccount', refused('activationLinkInvalid')),
      failed('activateAccount'),
      done('resendActivationMail', ok()),
      done('resendActivationMail', refused('rateLimited')),
      failed('resendActivationMail'),
    ],
  },
];

// ---- enterprise certification wizard (issue 5) -------------------------------------------------
// One step payload per transition: the chart reads only the authorizer's choice ("none of these"
// needs the QR verification first, which the same payload shows before and after); every other
// step's values are the form's business. A fresh manager (authorizer step shown) and a legal person
// resumed near the end (no authorizer step) take both sides of "authorizer needed".
const problems = [{ path: 'companyNameEnglish', message: 'companyName.englishFormat' }];
const certificationFlowEntries: readonly MachineRegistryEntry[] = [
  {
    id: 'certification',
    kind: 'flow',
    title: 'Enterprise certification wizard',
    machine: certificationMachine,
    graphEvents: [
      done('loadApplication', {
        authorizerStepApplies: true,
        location: null,
        registeredLocation: 'CN',
        currentStep: 'selectLocationCompany',
        draft: {},
        review: null,
      }),
      done('loadApplication', {
        authorizerStepApplies: false,
        location: 'HK',
        registeredLocation: 'HK',
        currentStep: 'uploadOtherInfo',
        draft: {},
        review: {
          reason: 'The licence is unreadable',
          flaggedFields: ['completeCompanyInfo.businessLicenseFileId'],
        },
      }),
      // Resumed on another device at each later place: the same company as the fresh one above.
      ...(
        [
          'uploadEquityStructureChart',
          'uploadLegalPersonInfo',
          'uploadBeneficiaryInfo',
          'uploadAuthorizerInfo',
          'review',
        ] as const
      ).map((currentStep) =>
        done('loadApplication', {
          authorizerStepApplies: true,
          location: 'CN',
          registeredLocation: 'CN',
          currentStep,
          draft: { selectLocationCompany: { location: 'CN' } },
          review: null,
        }),
      ),
      failed('loadApplication'),
      { type: 'user.chooseLocation', location: 'CN' },
      ...(
        [
          'completeCompanyInfo',
          'uploadEquityStructureChart',
          'uploadLegalPersonInfo',
          'uploadBeneficiaryInfo',
          'uploadOtherInfo',
        ] as const
      ).map((step) => ({ type: 'step.submit', step, values: {} })),
      { type: 'step.submit', step: 'selectLocationCompany', values: {} },
      { type: 'step.submit', step: 'uploadAuthorizerInfo', values: { choice: 'none' } },
      { type: 'user.edit', step: 'completeCompanyInfo', values: {} },
      done('saveStep', { kind: 'saved' }),
      done('saveStep', { kind: 'invalid', problems }),
      // Issue 17 §3: another tab or device saved first; the conflict and the way out of it.
      done('saveStep', { kind: 'conflict' }),
      { type: 'draft.conflict' },
      { type: 'user.loadLatest' },
      failed('saveStep'),
      done('qrVerification', { result: 'verified', sessionId: '00000000-0000-4000-8000-0000000000a1' }),
      done('qrVerification', { result: 'closed' }),
      failed('qrVerification'),
      done('submitApplication', { kind: 'submitted' }),
      done('submitApplication', { kind: 'invalid', step: 'completeCompanyInfo', problems }),
      done('submitApplication', { kind: 'conflict' }),
      failed('submitApplication'),
    ],
  },
  {
    id: 'certificationBranches',
    kind: 'flow',
    title: 'Certification branches (beneficiaries, authorizer)',
    machine: certificationBranchesMachine,
    graphInputs: [
      { draft: {}, authorizerStepApplies: true },
      { draft: {}, authorizerStepApplies: false },
    ],
    graphEvents: [
      ...[null, true, false].map((hasBeneficiaries) => ({
        type: 'draft.changed',
        step: 'uploadBeneficiaryInfo',
        values: { hasBeneficiaries, beneficiaries: [{}] },
      })),
      {
        type: 'draft.changed',
        step: 'uploadBeneficiaryInfo',
        values: { hasBeneficiaries: true, beneficiaries: [] },
      },
      ...['', 'sameAsDirector', 'sameAsBeneficiary', 'none'].map((choice) => ({
        type: 'draft.changed',
        step: 'uploadAuthorizerInfo',
        values: { choice },
      })),
    ],
  },
  {
    id: 'draftAutosave',
    kind: 'flow',
    title: 'Certification draft autosave',
    machine: draftAutosaveMachine,
    delays: {
      draftAutosave: { limit: 'Limits.draftAutosaveMs', ms: Limits.draftAutosaveMs },
      autosaveRetry: { limit: 'Limits.draftAutosaveRetryMs', ms: Limits.draftAutosaveRetryMs },
    },
    graphEvents: [
      { type: 'draft.changed', step: 'completeCompanyInfo', values: {} },
      { type: 'draft.settled', step: 'completeCompanyInfo' },
      done('saveDraft', { kind: 'saved' }),
      done('saveDraft', { kind: 'conflict' }),
      failed('saveDraft'),
    ],
  },
];

// ---- card-issuing application (issue 7) -------------------------------------------------------
// One answer per branch of each invoked actor; the views differ only where a guard reads them.
const cardFile = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'licence.pdf',
  type: 'application/pdf',
  size: 2048,
};
const cardView = notStartedCardApplication;
const cardSaved = {
  ...cardView,
  lifecycleState: 'saved',
  status: 'saved',
  businessPurpose: 'advertising',
  file: cardFile,
  version: 1,
};
const cardProgress = (path: string) => ({
  restored: { businessPurpose: 'advertising', fileList: [cardFile], path },
});
const cardApplicationEntry: MachineRegistryEntry = {
  id: 'cardApplication',
  kind: 'flow',
  title: 'Card-issuing application',
  machine: cardApplicationMachine,
  graphInputs: [
    { restored: null },
    cardProgress('selectBusinessPurpose'),
    cardProgress('uploadRelevantInfo'),
  ],
  graphEvents: [
    done('loadApplication', cardView),
    done('loadApplication', cardSaved),
    done('loadApplication', { ...cardView, eligibility: 'certificationRequired', mayEdit: false }),
    done('loadApplication', { ...cardView, eligibility: 'entityNotSupported', mayEdit: false }),
    done('loadApplication', {
      ...cardSaved,
      lifecycleState: 'underReview',
      status: 'under_review',
      mayEdit: false,
    }),
    done('loadApplication', { ...cardSaved, lifecycleState: 'approved', status: 'approved', mayEdit: false }),
    done('loadApplication', {
      ...cardSaved,
      lifecycleState: 'rejected',
      status: 'rejected',
      reason: 'Unreadable file',
    }),
    // A revision request (docs/decisions/back-office.md "Card applications: flags, comments and a revision request") opens at its first flagged stage.
    ...(
      [
        'selectBusinessPurpose.businessPurpose',
        'uploadRelevantInfo.fileId',
        'questionnaire.sourceOfFunds',
      ] as const
    ).map((field) =>
      done('loadApplication', {
        ...cardSaved,
        lifecycleState: 'revisionRequested',
        status: 'revision_requested',
        reason: 'Please fix the marked field',
        flaggedFields: [field],
        fieldComments: { [field]: 'Not as on the licence' },
      }),
    ),
    failed('loadApplication'),
    { type: 'user.choosePurpose', purpose: 'advertising' },
    { type: 'user.chooseFiles', files: [{ name: 'licence.pdf', size: 2048, content: null }] },
    done('uploadFile', ok(cardFile)),
    done('uploadFile', refused('fileTypeNotAllowed')),
    // Issue 17 §3: the user cancelled the send (the upload chart's cancel).
    done('uploadFile', { kind: 'cancelled' }),
    failed('uploadFile'),
    done('loadQuestionnaire', {
      version: '1',
      questions: [
        {
          id: 'sourceOfFunds',
          kind: 'text',
          required: true,
          title: { 'zh-cn': '资金来源', 'en-us': 'Source of funds' },
          hint: null,
          options: [],
          maxLength: 200,
        },
      ],
    }),
    failed('loadQuestionnaire'),
    { type: 'user.answer', questionId: 'sourceOfFunds', answer: 'Sales revenue' },
    done('saveDraft', ok(cardView)),
    done('saveDraft', refused('transitionNotAllowed')),
    failed('saveDraft'),
    done(
      'submitApplication',
      ok({ ...cardSaved, lifecycleState: 'underReview', status: 'under_review', mayEdit: false }),
    ),
    done('submitApplication', refused('questionnaireRequired')),
    failed('submitApplication'),
    done('reapply', ok(cardSaved)),
    done('reapply', refused('transitionNotAllowed')),
    failed('reapply'),
  ],
};

export const machineRegistry: readonly MachineRegistryEntry[] = [
  {
    id: 'session',
    kind: 'flow',
    title: 'Browser session',
    machine: sessionMachine,
    delays: {
      logoutDelay: { limit: 'Limits.logoutDelayMs', ms: Limits.logoutDelayMs },
    },
    graphInputs: [{ signedIn: false }, { signedIn: true }],
    graphEvents: [{ type: 'server.sessionInvalid', code: 301002 }],
  },
  {
    id: 'certificationLifecycle',
    kind: 'lifecycle',
    title: 'Enterprise certification status',
    machine: certificationLifecycleMachine,
  },
  {
    id: 'cardApplicationLifecycle',
    kind: 'lifecycle',
    title: 'Card business application status',
    machine: cardApplicationLifecycleMachine,
  },
  {
    id: 'verificationSessionLifecycle',
    kind: 'lifecycle',
    title: 'QR identity verification session',
    machine: verificationSessionLifecycleMachine,
    delays: {
      qrRegenerateAfter: { limit: 'Limits.qr.regenerateAfterMs', ms: Limits.qr.regenerateAfterMs },
      qrValidAfterScan: { limit: 'Limits.qr.validAfterScanMs', ms: Limits.qr.validAfterScanMs },
    },
  },
  {
    id: 'approvalLifecycle',
    kind: 'lifecycle',
    title: 'Back office: four eyes on an approval',
    machine: approvalLifecycleMachine,
    // The proposer's own confirmation is refused by the chart: both answers are traversed.
    graphEvents: [
      { type: 'approver.confirmApproval', byProposer: false },
      { type: 'approver.confirmApproval', byProposer: true },
    ],
  },
  {
    id: 'accountActivationLifecycle',
    kind: 'lifecycle',
    title: 'Account activation',
    machine: accountActivationLifecycleMachine,
    delays: {
      activationLinkValidity: { limit: 'Limits.activationLink.validMs', ms: Limits.activationLink.validMs },
    },
  },
  ...accountsFlowEntries,
  cardApplicationEntry,
  ...qrVerificationEntries,
  ...certificationFlowEntries,
  reviewDecisionEntry,
  faceOverrideEntry,
  uploadEntry,
];

export function registryEntry(id: string): MachineRegistryEntry | undefined {
  return machineRegistry.find((entry) => entry.id === id);
}
