// Personal names. A Chinese name is Han characters, with a middle dot between the parts of a
// transliterated name (阿依古丽·买买提). An English name is the Latin form printed on a passport:
// letters with single spaces, hyphens, apostrophes or dots between them (O'Brien, Jean-Luc, St. John).

const CHINESE_NAME = /^\p{Script=Han}+(?:·\p{Script=Han}+)*$/u;
const ENGLISH_NAME = /^[A-Za-z]+(?:(?:[ '-]|\. ?)[A-Za-z]+)*\.?$/;

export function isValidChineseName(value: string): boolean {
  return CHINESE_NAME.test(value);
}

export function isValidEnglishName(value: string): boolean {
  return ENGLISH_NAME.test(value);
}

/** Registration asks for a legal first and last name in either script. */
export function isValidPersonalName(value: string): boolean {
  return isValidChineseName(value) || isValidEnglishName(value);
}
