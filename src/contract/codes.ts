// Every business code of the API, once, with its message in both languages (docs/api-conventions.md, spec §8).
// The spec's own codes keep their numbers; new codes are 6 digits grouped by service:
//   1000xx common · 3020xx accounts (ums) · 4100xx certification (kyb) · 4200xx QR verification
//   4300xx card application · 4400xx files · 4500xx back office · 4600xx config management
import type { Locale } from './envelope';
import { KB, Limits, MB, Time } from './limits';

export interface CodeEntry {
  code: number;
  'zh-cn': string;
  'en-us': string;
}

function c(code: number, zh: string, en: string): CodeEntry {
  return { code, 'zh-cn': zh, 'en-us': en };
}

// Numbers in messages come from limits.ts, so changing a limit changes every message that states it.
const ZH_NUMERALS = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];
const EN_NUMERALS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** Small counts in words, as the spec's wording has them ("一年", "the last three"); larger ones in digits. */
const zhCount = (n: number) => ZH_NUMERALS[n] ?? String(n);
const enCount = (n: number) => EN_NUMERALS[n] ?? String(n);
const plural = (n: number, unit: string) => `${enCount(n)} ${unit}${n === 1 ? '' : 's'}`;

const lockoutMinutes = Limits.login.lockoutMs / Time.MINUTE;
const activationHours = Limits.activationLink.validMs / Time.HOUR;
const regenerateSeconds = Limits.qr.regenerateAfterMs / Time.SECOND;
const uploadMegabytes = Limits.upload.maxBytes / MB;
const draftKilobytes = Limits.draft.maxBytes / KB;
const { historyDepth } = Limits.password;
const { maxYears } = Limits.dateRange;

export const Codes = {
  // ---- spec §8 -------------------------------------------------------------------------------
  ok: c(200, '成功', 'Success'),
  loginInvalid: c(401, '登录信息已失效，请重新登录', 'Login information is invalid, please log in again'),
  noToken: c(301001, '登录信息已失效，请重新登录', 'Login information is invalid, please log in again'),
  tokenExpired: c(301002, '登录已过期，请重新登录', 'Your session has expired, please log in again'),
  signedInElsewhere: c(
    301017,
    '账号已在别处登录或已退出，请重新登录',
    'You were signed out, please log in again',
  ),
  permissionsChanged: c(
    311035,
    '用户权限已变更，系统将重新进入',
    'User permissions changed, the system re-enters',
  ),
  // Silent codes: the page that made the call handles them (docs/product-rules.md).
  silentFieldInvalid: c(301005, '字段校验未通过', 'A field is not valid'),
  silentCodeWrong: c(301010, '验证码错误', 'Incorrect verification code'),
  silentCodeExpired: c(301012, '验证码已过期', 'Verification code expired'),
  silentCodeNotSent: c(301014, '请先发送验证码', 'Please send the verification code first'),
  silentEmailTaken: c(301018, '邮箱已注册，请登录', 'Email already registered, please log in'),
  silentNoData: c(301302, '暂无数据', 'No data'),
  silentBusy: c(10002, '处理中，请稍候', 'Processing, please wait'),
  generic: c(400014, '系统异常，请联系管理员', 'Something went wrong, please contact the administrator'),

  // ---- common 1000xx -------------------------------------------------------------------------
  validationFailed: c(
    100400,
    '校验失败，请完善必填信息',
    'Validation failure exists, please complete the required information',
  ),
  notFound: c(100404, '请求的资源不存在', 'The requested resource does not exist'),
  methodNotAllowed: c(100405, '不支持该请求方法', 'This request method is not supported'),
  transitionNotAllowed: c(100409, '当前状态不允许此操作', 'This action is not allowed in the current state'),
  tooLarge: c(100413, '内容过大', 'The content is too large'),
  unsupportedMediaType: c(100415, '不支持的内容类型', 'Unsupported content type'),
  rateLimited: c(100429, '操作过于频繁，请稍后再试', 'Too many requests, please try again later'),
  jsonTooComplex: c(
    100422,
    '提交的内容层级过深或条目过多',
    'The submitted data is nested too deeply or has too many entries',
  ),
  requestInProgress: c(
    100410,
    '该请求正在处理中，请稍候',
    'This request is still being processed, please wait a moment',
  ),
  idempotencyKeyReused: c(
    100411,
    '请求标识已用于另一个请求，请刷新页面后重试',
    'This request key was already used for another request; refresh the page and try again',
  ),
  forbidden: c(100403, '无权访问', 'You are not allowed to do this'),
  internal: c(100500, 'Error 网络异常，请稍后重试', 'Error: network abnormal, please try again later'),
  unavailable: c(
    100503,
    '服务暂不可用，请稍后重试',
    'The service is temporarily unavailable, please try again later',
  ),

  // ---- accounts 3020xx -----------------------------------------------------------------------
  invalidCredentials: c(302001, '邮箱或密码错误', 'Invalid email or password'),
  accountLocked: c(
    302002,
    `多次登录失败，账号已锁定，请${lockoutMinutes}分钟后再试`,
    `Account locked after multiple failed logins, please try again in ${lockoutMinutes} minutes`,
  ),
  captchaFailed: c(302003, '验证失败，请重试', 'Verification failed, please try again'),
  passwordCipherRejected: c(
    302004,
    '登录请求已过期，请重试',
    'The login request has expired, please try again',
  ),
  emailNotFound: c(302005, '邮箱不存在或状态异常', 'Email does not exist or abnormal status'),
  codeWrong: c(302006, '验证码错误', 'Incorrect verification code'),
  codeExpired: c(302007, '验证码已过期', 'Verification code expired'),
  codeNotSent: c(302008, '请先发送验证码', 'Please send the verification code first'),
  codeTooManyTries: c(
    302009,
    '错误次数过多，请重新发送验证码',
    'Too many wrong tries, please send a new verification code',
  ),
  codeResendTooSoon: c(302010, '发送过于频繁，请稍后再试', 'Please wait before requesting another code'),
  emailRegisteredNotActivated: c(
    302011,
    `该邮箱已注册但未激活，激活链接已发送，${activationHours}小时内有效`,
    `Email already registered but not activated: the activation link has been sent, valid for ${activationHours} hours`,
  ),
  emailRegistered: c(302012, '该邮箱已注册，请登录', 'Email already registered, please log in'),
  activationExpired: c(302013, '激活链接已过期，请重新发送', 'Activation link expired, please resend'),
  alreadyActivated: c(302014, '邮箱已激活', 'Email already activated'),
  activationSuccess: c(302015, '激活成功', 'Activation success'),
  resetLinkExpired: c(302016, '重置链接已过期', 'Reset link expired'),
  userNotFound: c(302017, '用户不存在', 'User does not exist'),
  currentPasswordIncorrect: c(302018, '当前密码错误', 'Current password incorrect'),
  passwordReused: c(
    302019,
    `新密码不能与当前密码及最近${zhCount(historyDepth)}次使用过的密码相同`,
    `The new password may not equal the current one or any of the last ${enCount(historyDepth)}`,
  ),
  passwordFormat: c(302020, '密码格式不正确', 'Invalid password format'),
  passwordsDiffer: c(302021, '两次输入的密码不一致', 'Passwords do not match'),
  accountNotActivated: c(
    302022,
    '账号未激活，请先完成邮箱激活',
    'The account is not activated, please activate it from your email first',
  ),
  activationLinkInvalid: c(302023, '激活链接无效', 'The activation link is not valid'),
  resetLinkInvalid: c(302024, '重置链接无效', 'The reset link is not valid'),
  dateRangeTooLong: c(
    302025,
    `日期范围限制为${zhCount(maxYears)}年`,
    `Date range limited to ${plural(maxYears, 'year')}`,
  ),

  // ---- certification 4100xx ------------------------------------------------------------------
  certificationEntryDenied: c(
    410001,
    '当前认证状态不可进入企业认证',
    'Enterprise certification cannot be entered in the current status',
  ),
  locationLocked: c(
    410002,
    '公司所在地确认后不可修改',
    'The company location cannot be changed once confirmed',
  ),
  certificationIncomplete: c(
    410003,
    '校验失败，请完善必填信息',
    'Validation failure exists, please complete the required information',
  ),
  documentMissing: c(410004, '请上传所需文件', 'Please upload the required documents'),
  certificationSubmitted: c(
    410005,
    '提交成功，审核结果将通过邮件发送',
    'Submitted: the result will be sent to you by email',
  ),
  draftConflict: c(
    410006,
    '草稿已在其他页面更新，请刷新后继续',
    'The draft was changed in another window; reload to continue',
  ),
  /** A draft save that would make the stored draft larger than Limits.draft (HTTP 413): nothing
   *  is stored; the wizard keeps the typing and shows this (issue 29 §4). */
  draftTooLarge: c(
    410007,
    `草稿内容过多（最多${draftKilobytes}KB、${Limits.draft.maxFiles}个文件），未保存，请删减后再试`,
    `The draft is too large (at most ${draftKilobytes} KB and ${Limits.draft.maxFiles} documents) and was not saved; remove some entries and try again`,
  ),

  // ---- QR verification 4200xx ----------------------------------------------------------------
  verificationExpired: c(
    420001,
    '二维码已过期，请重新生成',
    'The QR code has expired, please generate a new one',
  ),
  verificationCancelled: c(420002, '验证已取消，请重新扫码', 'Verification was cancelled, please scan again'),
  regenerateTooSoon: c(
    420003,
    `请在${regenerateSeconds}秒后重新生成二维码`,
    `A new QR code can be generated after ${regenerateSeconds} seconds`,
  ),
  verificationTokenUsed: c(420004, '该二维码已被使用', 'This QR code has already been used'),
  consentRequired: c(420005, '请先同意条款与隐私政策', 'Please agree to the terms and privacy policy first'),
  faceNotDetected: c(
    420006,
    '未检测到有效的人脸图像，请重试',
    'No usable face image was received, please try again',
  ),
  faceEngineBusy: c(420007, '人脸核验繁忙，请稍后再试', 'Face check is busy, please try again in a moment'),
  faceCheckFailed: c(420008, '人脸核验未通过', 'The face check did not pass'),
  frameCountInvalid: c(
    420009,
    `请发送${Limits.face.minFrames}至${Limits.face.maxFrames}张摄像头画面，或一张照片`,
    `Send ${Limits.face.minFrames} to ${Limits.face.maxFrames} camera frames, or one photo`,
  ),
  frameTooLarge: c(
    420010,
    `每张摄像头画面不能超过${Limits.face.frameMaxBytes / MB}MB`,
    `A camera frame may not be larger than ${Limits.face.frameMaxBytes / MB} MB`,
  ),
  referredOverrideNotAllowed: c(
    420011,
    '该人脸核验不在待复核状态',
    'This face verification is not waiting for review',
  ),

  // ---- card application 4300xx ---------------------------------------------------------------
  certificationRequired: c(430001, '请先完成企业认证', 'Please complete enterprise certification first'),
  entityNotSupported: c(
    430002,
    '该主体暂不支持申请发卡业务',
    'This entity is not supported for the card-issuing business',
  ),
  questionnaireRequired: c(430003, '请先填写问卷', 'Please fill in the questionnaire before submitting'),
  questionnaireFetchFailed: c(
    430004,
    '问卷获取失败：服务异常，请稍后再试',
    'Questionnaire fetch failed: service abnormal, please try later',
  ),
  oneFileOnly: c(430005, '只能上传一个文件', 'Only one file can be uploaded'),

  // ---- files 4400xx --------------------------------------------------------------------------
  uploadFailed: c(440001, '上传失败', 'Upload failed'),
  fileTooLarge: c(
    440002,
    `文件大小不能超过${uploadMegabytes}MB`,
    `The file may not be larger than ${uploadMegabytes} MB`,
  ),
  fileTypeNotAllowed: c(
    440003,
    '仅支持 jpg、jpeg、png、pdf 格式',
    'Only jpg, jpeg, png or pdf files are accepted',
  ),
  fileEmpty: c(440004, '文件为空', 'The file is empty'),
  fileNotOwned: c(
    440006,
    '所选文件不存在或不属于本公司，请重新上传',
    'A chosen document does not exist or does not belong to your company; please upload it again',
  ),
  fileUnreadable: c(
    440007,
    '文件已损坏或无法识别，请重新上传',
    'The file is damaged or cannot be read; please upload it again',
  ),
  /** The server's disk is full (HTTP 507): nothing was stored; the person can try again later. */
  storageFull: c(
    440008,
    '存储空间不足，文件未保存，请稍后重试',
    'The server has no room for the file right now; nothing was saved. Please try again later',
  ),
  /** The object store (S3) cannot be reached or is too slow (HTTP 503): nothing was saved or read. */
  storageUnavailable: c(
    440009,
    '文件存储暂时不可用，文件未保存，请稍后重试',
    'File storage is unavailable right now; nothing was saved. Please try again later',
  ),
  imageTooLarge: c(
    440005,
    '图片尺寸过大，请缩小后重新上传',
    'The image dimensions are too large; please reduce the image and upload it again',
  ),

  // ---- back office 4500xx --------------------------------------------------------------------
  decisionConflict: c(450001, '该案件已被其他审核员处理', 'Another reviewer has already decided this case'),
  reasonRequired: c(450002, '请填写原因', 'Please give a reason'),
  reasonTooShort: c(
    450003,
    `原因过短，请至少填写 ${Limits.face.overrideReasonMinLength} 个字`,
    `The reason is too short; please write at least ${Limits.face.overrideReasonMinLength} characters`,
  ),
  reasonTooLong: c(
    450004,
    `原因过长，最多 ${Limits.face.overrideReasonMaxLength} 个字`,
    `The reason is too long; at most ${Limits.face.overrideReasonMaxLength} characters`,
  ),
  // Roles, four eyes and claims (issue 21).
  /** An admin may not take away their own admin role nor disable their own account (no lock-out). */
  ownAdminAccount: c(
    450005,
    '不能停用自己的账号或移除自己的管理员角色',
    'You cannot disable your own account or remove your own admin role',
  ),
  accountEmailTaken: c(450006, '该邮箱已有账号', 'An account with this email already exists'),
  /** data: CaseClaim (who holds it and until when). */
  caseClaimedByOther: c(
    450007,
    '该案件已由其他人认领',
    'Someone else has claimed this case; it is theirs until the claim ends',
  ),
  claimNotHeld: c(450008, '你没有认领该案件', 'You do not hold the claim on this case'),
  approvalPending: c(
    450009,
    '该案件的批准正在等待第二人确认',
    'An approval of this case is waiting for a second person to confirm it',
  ),
  approvalNotProposed: c(
    450010,
    '该案件没有待确认的批准',
    'No approval of this case is waiting for confirmation',
  ),
  ownProposal: c(450011, '不能确认自己提出的批准', 'You cannot confirm an approval you proposed yourself'),
  claimAssigneeInvalid: c(
    450012,
    '该账号不能认领案件',
    'That account cannot take cases (disabled, or neither reviewer nor approver)',
  ),
  // Issue 28 §5: the authorizer's face check is referred; a reviewer decides the face first.
  faceReviewPending: c(
    450013,
    '授权人的人脸核验待人工确认，请先在人脸核验处确认后再批准',
    "The authorizer's face check is referred to review; confirm the face first, then approve",
  ),
  /** A reviewer rejected the authorizer's face: the case may be rejected or sent back, not approved. */
  faceRejected: c(
    450014,
    '授权人的人脸核验已被审核员驳回，该案件不能批准，请驳回或要求补充修改',
    "A reviewer rejected the authorizer's face check; this case cannot be approved (reject it or request a revision)",
  ),

  // ---- config management 4600xx --------------------------------------------------------------
  linkInvalid: c(460001, '链接无效，请访问最新地址', 'Link invalid; visit the latest address'),
} as const satisfies Record<string, CodeEntry>;

export type CodeName = keyof typeof Codes;

/** Session-invalid codes (spec §8): the browser logs out on these. */
export const SESSION_INVALID_CODES: ReadonlySet<number> = new Set([401, 301001, 301002, 301017, 311035]);

/** Silent codes (spec §8): never toasted, never reported; the calling page handles them. */
export const SILENT_CODES: ReadonlySet<number> = new Set([
  301005, 301010, 301012, 301014, 301018, 301302, 10002,
]);

export const SUCCESS_CODE = 200;

export function messageFor(name: CodeName, locale: Locale): string {
  return Codes[name][locale];
}

const byNumber = new Map<number, CodeEntry>();
for (const entry of Object.values<CodeEntry>(Codes)) {
  // The first name registered for a number wins, so the spec's own entries stay canonical.
  // Stryker disable next-line ConditionalExpression: no two codes share a number today, so which one wins cannot be seen
  if (!byNumber.has(entry.code)) byNumber.set(entry.code, entry);
}

/** The message map of spec §8 ("mapped code"): number → localised message, or undefined. */
export function messageForCode(code: number, locale: Locale): string | undefined {
  return byNumber.get(code)?.[locale];
}
