// The photo a capture is compared with (issue 16 §2): the authorizer's ID front, or the passport
// photo page, from the company's certification draft (the submitted data after a rejection, when
// the draft holds no authorizer yet). Only an image the company itself uploaded counts; a PDF or a
// missing document gives no reference, and the provider refers the check to review.
import { and, eq, isNull } from 'drizzle-orm';
import { certificationApplications } from '../../db/schema/certification';
import { storedFiles } from '../../db/schema/files';
import type { DbOrTx } from '../../types';

const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The authorizer's photo-bearing document page in one stored draft, or null. */
export function referenceFileIdIn(steps: unknown): string | null {
  const document = field(field(field(steps, 'uploadAuthorizerInfo'), 'person'), 'document');
  for (const key of ['frontFileId', 'photoPageFileId']) {
    const id = field(document, key);
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}

/** The reference's stored file; its bytes are read through the storage (local path or S3 copy). */
export interface FaceReferenceFile {
  fileId: string;
  storageKey: string;
  contentType: string;
}

export async function findFaceReference(db: DbOrTx, companyId: string): Promise<FaceReferenceFile | null> {
  const [application] = await db
    .select({ draft: certificationApplications.draft, submitted: certificationApplications.submittedData })
    .from(certificationApplications)
    .where(eq(certificationApplications.companyId, companyId));
  if (!application) return null;
  const fileId = referenceFileIdIn(application.draft) ?? referenceFileIdIn(application.submitted);
  if (!fileId || !/^[0-9a-f-]{36}$/i.test(fileId)) return null;
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(
      and(eq(storedFiles.id, fileId), eq(storedFiles.companyId, companyId), isNull(storedFiles.deletedAt)),
    );
  if (!file || !IMAGE_TYPES.includes(file.contentType)) return null;
  return { fileId: file.id, storageKey: file.storageKey, contentType: file.contentType };
}
