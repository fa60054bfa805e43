// What the portal reads from an uploaded document (issue 30), as the server stores it and the web
// and back office show it. The fields read depend on the file's kind (CertificationFileKinds).

/** The kinds whose fields are read and checked; every other kind keeps only its text. */
export const READ_KINDS = ['idFront', 'idBack', 'passportPhotoPage', 'businessLicense'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

export function isReadKind(kind: string): kind is ReadKind {
  return (READ_KINDS as readonly string[]).includes(kind);
}

/** Left, top, right, bottom in pixels of the page image the engine read. */
export type Box = [number, number, number, number];

export type IdFrontField = 'name' | 'sex' | 'ethnicity' | 'birthDate' | 'address' | 'idNumber';
export type IdBackField = 'authority' | 'validFrom' | 'validTo';
export type PassportField =
  | 'number'
  | 'printedNumber'
  | 'surname'
  | 'givenNames'
  | 'nationality'
  | 'birthDate'
  | 'sex'
  | 'expiryDate'
  | 'mrz';
export type LicenceField = 'uscc' | 'companyName' | 'type' | 'establishmentDate' | 'address';
export type ReadFieldName = IdFrontField | IdBackField | PassportField | LicenceField;

/** A value found on the document, and where (page index and box) for the reviewer's viewer. */
export interface ReadField {
  value: string;
  page: number;
  box: Box | null;
}

/** The fields read from a document: only those found are present. */
export type ReadFields = Partial<Record<ReadFieldName, ReadField>>;

/** The MRZ as read, with the check-digit verdicts. */
export interface MrzReading {
  lines: string[];
  /** Every check digit holds (a misread letter elsewhere does not make it false). */
  valid: boolean;
  /** Names of what fails ('documentNumberCheckDigit', 'compositeCheckDigit', …). */
  failedChecks: string[];
}
