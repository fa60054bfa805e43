// Longest accepted free-text entries: long enough for any real name or address, short enough to
// keep the database and the back-office views sane.
// LEAD: move to limits.ts (as Limits.text) — the web's maxLength attributes should read the same numbers.
export const TextLimits = {
  personName: 50,
  companyName: 200,
  address: 300,
  productDescription: 1000,
  invitationCode: 64,
  website: 2048,
} as const;
