// PDF.js for the document viewer (issue 21 §1), loaded only when a PDF is shown: the library is a
// lazy chunk of the back office, and its worker a file of our own build (Vite emits it and hands
// us its address), so nothing is fetched from another origin. Eval stays off: the portal's CSP
// refuses it, and PDF.js would otherwise try and report the refusal.
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfDocument = PDFDocumentProxy;

export async function openPdf(data: ArrayBuffer): Promise<PdfDocument> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: true })
    .promise;
}
