// What a file is for ('businessLicense', 'idFront', 'faceCapture', 'cardApplication', …). The
// feature that uses a file checks the kind it expects; here it only has to be a short camelCase
// label, so it can never carry markup or a path into a page or a log.
export const FILE_KIND = /^[a-z][A-Za-z0-9]{1,39}$/;

export function isFileKind(value: unknown): value is string {
  return typeof value === 'string' && FILE_KIND.test(value);
}
