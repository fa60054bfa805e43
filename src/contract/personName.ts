// How a person's name is written, once, for every page, list and mail that shows one (issue 31: the
// back office wrote a Chinese applicant as "伟 张"). People give a first (given) and a last (family)
// name. A name in Chinese characters — or another East Asian script whose names put the family
// name first — reads family name first, with no space between characters (张伟), in any UI
// language; a name in Latin letters reads given name first (Mei Chen). Mixed parts (张 + Wei) keep
// the family name first and a space, so neither part runs into the other.

/** Scripts whose names are written family name first. */
const FAMILY_FIRST = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A part written wholly in those scripts (a middle dot may join transliterated parts: 阿依古丽·买买提). */
const WHOLLY_FAMILY_FIRST = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}·・]+$/u;

export interface PersonNameParts {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}

/** The name as it is read; '' when neither part is given. */
export function formatPersonName({ firstName, lastName }: PersonNameParts): string {
  const given = (firstName ?? '').trim();
  const family = (lastName ?? '').trim();
  if (given === '' || family === '') return given || family;
  if (!FAMILY_FIRST.test(given) && !FAMILY_FIRST.test(family)) return `${given} ${family}`;
  const together = WHOLLY_FAMILY_FIRST.test(given) && WHOLLY_FAMILY_FIRST.test(family);
  return together ? `${family}${given}` : `${family} ${given}`;
}
