// Every validation message id that a schema or form can produce, with its zh-cn and en-us text.
// Schemas carry ids, never text: the browser translates them for the field, the server localises
// them into the envelope by the language header. Spec §5 wording is kept where the spec gives it.
import type { Locale } from './envelope';
import { Limits } from './limits';

interface LocalisedText {
  'zh-cn': string;
  'en-us': string;
}

function t(zh: string, en: string): LocalisedText {
  return { 'zh-cn': zh, 'en-us': en };
}

const { minLength, maxLength } = Limits.password;
const { thresholdPercent, totalMaxPercent } = Limits.beneficiary;
const codeDigits = Limits.emailCode.digits;

export const ValidationMessages = {
  // ---- generic --------------------------------------------------------------------------------
  'field.required': t('请填写此项', 'This field is required'),
  'field.select': t('请选择', 'Please select an option'),
  'field.tooLong': t('内容过长', 'This entry is too long'),
  'file.required': t('请上传文件', 'Please upload the file'),
  'file.invalid': t('文件无效，请重新上传', 'The file is not valid, please upload it again'),
  'form.incomplete': t(
    '校验失败，请完善必填信息',
    'Validation failure exists, please complete the required information',
  ),

  // ---- account (spec §5) ----------------------------------------------------------------------
  'email.required': t('请输入邮箱', 'Please enter email'),
  'email.format': t('邮箱格式错误', 'Email format wrong'),
  'password.required': t('请输入密码', 'Please enter password'),
  'password.format': t(
    `密码格式不正确：${minLength}-${maxLength}位，须包含大写字母、小写字母和特殊字符`,
    `Invalid password format: ${minLength}–${maxLength} characters with an uppercase letter, a lowercase letter and a special character`,
  ),
  'password.confirmRequired': t('请再次输入密码', 'Please enter the password again'),
  'password.mismatch': t('两次输入的密码不一致', 'Passwords do not match'),
  'password.sameAsCurrent': t(
    '新密码不能与当前密码相同',
    'The new password must differ from the current password',
  ),
  'emailCode.required': t('请输入验证码', 'Please enter the verification code'),
  'emailCode.format': t(`验证码为${codeDigits}位数字`, `The verification code has ${codeDigits} digits`),
  'serviceAgreement.required': t('请阅读并同意服务协议', 'Please read and accept the service agreement'),
  'invitationCode.format': t('邀请码格式不正确', 'Invalid invitation code'),
  'mobile.areaCodeRequired': t('请选择区号', 'Please select the area code'),
  'mobile.required': t('请输入手机号', 'Please enter the mobile number'),
  'mobile.format': t('手机号格式不正确', 'Invalid mobile number format'),

  // ---- names and addresses --------------------------------------------------------------------
  'name.format': t('请输入正确的姓名', 'Please enter a valid name'),
  'chineseName.format': t('请输入中文姓名', 'Please enter the name in Chinese characters'),
  'englishName.format': t('请输入英文姓名', 'Please enter the name in English letters'),
  'companyName.chineseFormat': t('请输入正确的中文公司名称', 'Please enter the company name in Chinese'),
  'companyName.englishFormat': t(
    '请输入正确的英文公司名称',
    'Please enter the company name in English letters',
  ),
  'address.chineseFormat': t('请输入正确的中文地址', 'Please enter the address in Chinese'),
  'address.englishFormat': t('请输入正确的英文地址', 'Please enter the address in English letters'),

  // ---- company identifiers --------------------------------------------------------------------
  'uscc.format': t('统一社会信用代码格式不正确', 'Invalid unified social credit code'),
  'organizationCode.mismatch': t(
    '组织机构代码与统一社会信用代码不一致',
    'The organization code does not match the unified social credit code',
  ),
  'hkBusinessRegistration.format': t(
    '商业登记号码应为8位数字',
    'The Business Registration number has 8 digits',
  ),
  'hkCompaniesRegistry.format': t(
    '公司注册编号（CR）应为7位数字',
    'The Companies Registry (CR) number has 7 digits',
  ),
  'uen.format': t('UEN格式不正确', 'Invalid UEN'),
  'acra.format': t('ACRA注册号格式不正确', 'Invalid ACRA registration number'),
  'registrationNumber.format': t(
    '注册号应为2至20位字母或数字',
    'The registration number has 2 to 20 letters or digits',
  ),
  'postalCode.format': t('邮政编码格式不正确', 'Invalid postal code'),
  'website.format': t(
    '网址格式不正确，请以 http:// 或 https:// 开头',
    'Invalid website address; it starts with http:// or https://',
  ),

  // ---- dates ----------------------------------------------------------------------------------
  'date.format': t('日期格式不正确', 'Invalid date'),
  'date.future': t('日期不能晚于今天', 'The date cannot be later than today'),
  'dateRange.order': t('结束日期不能早于开始日期', 'The end date cannot be before the start date'),
  'dateRange.tooLong': t('日期范围限制为一年', 'Date range limited to one year'),

  // ---- persons --------------------------------------------------------------------------------
  'idCard.format': t('身份证号码不正确', 'Invalid identity card number'),
  'passport.format': t('护照号码应为5至20位字母或数字', 'The passport number has 5 to 20 letters or digits'),
  'documentNumber.format': t(
    '证件号码应为5至20位字母或数字',
    'The document number has 5 to 20 letters or digits',
  ),
  'shareholding.required': t('请输入持股比例', 'Please enter the shareholding ratio'),
  'shareholding.range': t(
    '持股比例应在0至100之间，最多两位小数',
    'The shareholding ratio is between 0 and 100, with at most two decimals',
  ),
  'beneficiary.required': t('请至少添加一位受益人', 'Please add at least one beneficiary'),
  'beneficiary.threshold': t(
    `受益人持股比例不得低于${thresholdPercent}%`,
    `A beneficiary holds at least ${thresholdPercent}%`,
  ),
  'beneficiary.total': t(
    `持股比例合计不得超过${totalMaxPercent}%`,
    `The shareholdings may not add up to more than ${totalMaxPercent}%`,
  ),
  'beneficiary.seniorOfficialRatio': t(
    `高级管理人员持股达到${thresholdPercent}%时，请作为受益人填写`,
    `A senior managing official holding ${thresholdPercent}% or more is a beneficiary; please add them as one`,
  ),
  'verification.required': t('请完成扫码人脸验证', 'Please complete the QR face verification'),
  'authorizer.noBeneficiary': t(
    '没有受益人可选，请选择其他选项',
    'There is no beneficiary to choose; please choose another option',
  ),
  'authorizer.beneficiaryIndex': t('请选择受益人', 'Please choose the beneficiary'),
  'captcha.required': t('请拖动滑块完成验证', 'Please complete the slider verification'),
} as const satisfies Record<string, LocalisedText>;

export type ValidationMessageId = keyof typeof ValidationMessages;

export const VALIDATION_MESSAGE_IDS = Object.keys(ValidationMessages) as ValidationMessageId[];

export function isValidationMessageId(value: string): value is ValidationMessageId {
  return Object.hasOwn(ValidationMessages, value);
}

export function validationMessage(id: ValidationMessageId, locale: Locale): string {
  return ValidationMessages[id][locale];
}
