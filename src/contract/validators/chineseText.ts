// Chinese company names and registered addresses as printed on a mainland business licence:
// Han characters, with the digits, Latin letters and brackets those documents carry
// ("阿里巴巴（中国）有限公司", "北京市朝阳区建国路88号SOHO现代城A座1201室").

const CHINESE_TEXT = /^[\p{Script=Han}A-Za-z0-9（）()·、，,.\-—#/ ]+$/u;

function isChineseText(value: string): boolean {
  return CHINESE_TEXT.test(value) && /\p{Script=Han}/u.test(value) && value.trim() === value;
}

export function isValidChineseCompanyName(value: string): boolean {
  return isChineseText(value);
}

export function isValidChineseAddress(value: string): boolean {
  return isChineseText(value);
}
