// How @fastify/multipart is registered, once, for the whole app. fileSize is one byte above the
// limit on purpose: busboy stops at fileSize without an error, so a file of exactly 10 MB must
// arrive whole and a file of 10 MB + 1 byte must arrive long enough for saveUpload to see it.
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import { Limits } from '../../contract/limits';

export const multipartOptions = {
  // A route that reads a part some other way still gets an error, not a silently truncated file.
  throwFileSizeLimit: true,
  limits: {
    fileSize: Limits.upload.maxBytes + 1,
    /** Every upload in the portal is one file per request (docs/product-rules.md). */
    files: 1,
    fields: 10,
    parts: 11,
    headerPairs: 20,
    fieldNameSize: 100,
    /** Form fields beside a file are short labels (`kind`), never documents. */
    fieldSize: 1024,
  },
} satisfies FastifyMultipartBaseOptions;
