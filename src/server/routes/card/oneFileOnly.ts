// The application takes exactly one file. Clients that hold a file list send it as `fileId: [id]`
// or `fileIds: [id]`; a one-item list is read as that id. Longer lists are refused before this
// runs (sendsMoreThanOneFile of the contract), so no extra file is ever silently dropped.
export function oneFileIdOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { fileIds, ...rest } = body as Record<string, unknown>;
  const listed: unknown[] | undefined = Array.isArray(rest['fileId'])
    ? rest['fileId']
    : Array.isArray(fileIds)
      ? fileIds
      : undefined;
  if (listed === undefined) return fileIds === undefined ? body : { ...rest, fileIds };
  return { ...rest, fileId: listed.length === 0 ? null : listed[0] };
}
