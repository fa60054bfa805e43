// `app.documents`: the document reader (reader.ts), started when the app is ready and stopped with
// it. Registered after storage (it reads the stored bytes) and before the routes that queue files.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OcrEngineName } from './engine';
import { DocumentReader } from './reader';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentReader;
  }
}

export interface DocumentsPluginOptions {
  /** Reader threads; 1 by default (docs/decisions/documents-engine.md: one thread, ~0.6 GB). */
  workers?: number;
  /** How often the queue is looked at for work queued elsewhere. */
  pollMs?: number;
  /** Read on its own after uploads and on a timer; tests turn it off and call kick() when they mean it. */
  auto?: boolean;
  workerFile?: string;
  /** DOCUMENT_OCR_ENGINE (the in-process pool's; under `npm start` the engine process's decides). */
  engine?: OcrEngineName;
}

export const documentsPlugin = fp(
  async (app: FastifyInstance, options: DocumentsPluginOptions) => {
    const reader = new DocumentReader({
      db: app.db,
      store: app.storage.store,
      clock: app.clock,
      log: app.log,
      workers: options.workers ?? 1,
      pollMs: options.pollMs ?? 30_000,
      auto: options.auto ?? true,
      ...(options.workerFile ? { workerFile: options.workerFile } : {}),
      ...(options.engine ? { engine: options.engine } : {}),
    });
    app.decorate('documents', reader);
    app.addHook('onReady', async () => reader.start());
    app.addHook('onClose', async () => reader.close());
  },
  { name: 'documents', dependencies: ['storage'] },
);
