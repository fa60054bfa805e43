// English company names and English addresses: Latin letters, digits and the punctuation that
// real names and addresses use ("Acme (Asia) Co., Ltd.", "Flat 5/F, 12 Queen's Road #03-01").
// Chinese characters or full-width punctuation here mean the user filled the wrong field.

const LATIN_TEXT = /^[A-Za-z0-9 .,&'’()\-/#:;@+!?"]+$/;

function isLatinText(value: string): boolean {
  return LATIN_TEXT.test(value) && /[A-Za-z]/.test(value) && value.trim() === value && !/ {2}/.test(value);
}

export function isValidEnglishCompanyName(value: string): boolean {
  return isLatinText(value);
}

export function isValidEnglishAddress(value: string): boolean {
  return isLatinText(value);
}
