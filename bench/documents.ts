// Document reading (issue 30): the reader as `npm start` runs it, in the machine's engine process
// (src/server/engine/, forked as the supervisor does), called over its socket by a ReaderPool, on
// documents generated in Chromium with known values (tests/support/documents): ID card fronts and
// passport pages as scans and photos, licences as PDFs and photos. The engine is the configured
// one (DOCUMENT_OCR_ENGINE; paddle unless set). Figures:
//   - documentsAccuracy<Kind>: share of documents whose field was read exactly (ID numbers, USCCs,
//     passport numbers, the MRZ check-digit verdict: ≥ 98 %; names and dates: ≥ 95 %).
//   - documentsFalseMismatchPct: of correct applications (typed = document), the share where the
//     check against the typed values says "different" for any field (≤ 1 %); unreadable is not a
//     mismatch, documentsUnreadablePct says how often a typed field could not be read.
//   - documentsMismatchFoundPct: of applications typed one character off, the share flagged.
//   - documentsP50Ms / documentsP95Ms: one document, the worker's call to its answer (socket and
//     engine; engine started) (≤ 3 s).
//   - documentsCpuMs: the engine process's CPU time a document (all its threads).
//   - documentsEngineIdleRssMb / documentsEngineRssMb: the engine process's resident memory before
//     the reader's first document (face engine and puzzles warmed) and the most after each document;
//     documentsReaderRssMb is the difference (what reading adds to the machine).
//   - documentsApiIdleP99Ms / documentsApiP99Ms: the portal's authenticated read (bench/api.ts's
//     route, 50 connections) without and with the engine process reading (≤ 50 ms).
// Which engine and why: docs/decisions/documents-engine.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_SOCKET_ENV } from '../src/server/engine/protocol';
import { createEngineKeeper, type EngineKeeper } from '../src/server/process/engineProcess';
import { compareWithTyped } from '../src/contract/documents/checks';
import { ReaderPool } from '../src/server/services/documents/readerPool';
import type { DocumentReading } from '../src/server/services/documents/types';
import { DocumentRenderer, type RenderedDocument, type Variant } from '../tests/support/documents/render';
import {
  idCardSamples,
  licenceSamples,
  passportSamples,
  type DocumentSample,
} from '../tests/support/documents/values';
import { AccountPaths } from '../src/contract/api/accounts';
import type { BenchFigure } from './benchFigure';
import { load } from './support/apiLoad';
import { createActiveApplicants, logIn } from './support/portalAccounts';
import { callJson, dataOf, EN_US_HEADERS, LoopbackAddresses } from './support/portalHttp';
import { startBenchPortal } from './support/portalServer';
import { percentile } from './support/runnerStats';

const EXACT_BUDGET = 98;
const NAMES_DATES_BUDGET = 95;

/** The typed values of a sample, shaped like the wizard's person or company-info values. */
export function typedValuesOf(sample: DocumentSample): Record<string, unknown> {
  switch (sample.kind) {
    case 'idFront':
    case 'idBack': {
      const name = sample.typed.name ?? '';
      return {
        document: { number: sample.typed.idNumber },
        surnameChinese: name.slice(0, 1),
        givenNameChinese: name.slice(1),
      };
    }
    case 'passportPhotoPage':
      return {
        document: { number: sample.typed.number },
        surnameEnglish: sample.values.surname,
        givenNameEnglish: sample.values.givenNames,
      };
    case 'businessLicense':
      return {
        businessLicenseCode: sample.typed.uscc,
        companyNameChinese: sample.typed.companyName,
        establishmentDate: sample.typed.establishmentDate,
      };
  }
}

/** Which field kind each read field counts for, and the document's value it must equal. */
function expectedFields(sample: DocumentSample): { group: string; field: string; value: string }[] {
  switch (sample.kind) {
    case 'idFront':
    case 'idBack': {
      const v = sample.values;
      return [
        { group: 'IdNumber', field: 'idNumber', value: v.idNumber },
        { group: 'Names', field: 'name', value: v.name },
        { group: 'Dates', field: 'birthDate', value: v.birthDate },
      ];
    }
    case 'passportPhotoPage': {
      const v = sample.values;
      return [
        { group: 'PassportNumber', field: 'number', value: v.number },
        { group: 'Names', field: 'surname', value: v.surname },
        { group: 'Names', field: 'givenNames', value: v.givenNames },
        { group: 'Dates', field: 'birthDate', value: v.birthDate },
        { group: 'Dates', field: 'expiryDate', value: v.expiryDate },
      ];
    }
    case 'businessLicense': {
      const v = sample.values;
      return [
        { group: 'Uscc', field: 'uscc', value: v.uscc },
        { group: 'Names', field: 'companyName', value: v.companyName },
        { group: 'Dates', field: 'establishmentDate', value: v.establishmentDate },
      ];
    }
  }
}

const API_P99_BUDGET_MS = 50;

async function apiP99(url: string, token: string, seconds: number): Promise<number> {
  const headers = { ...EN_US_HEADERS, authorization: `Bearer ${token}` };
  const route = `${url}/plat${AccountPaths.userInfo}`;
  await load(route, { connections: 50, seconds: 2, headers });
  return (await load(route, { connections: 50, seconds, headers })).p99Ms;
}

/** The API's p99 idle, then while the pool reads `docs` over and over. */
async function apiBesideReading(pool: ReaderPool, docs: readonly RenderedDocument[], quick: boolean) {
  const portal = await startBenchPortal();
  try {
    const [account] = await createActiveApplicants(portal, 1);
    const { token } = await logIn(portal, account!, new LoopbackAddresses().take());
    dataOf(await callJson(portal.url, 'GET', AccountPaths.userInfo, { token }), 'user info');
    const seconds = quick ? 3 : 10;
    const idle = await apiP99(portal.url, token, seconds);
    let reading = true;
    let read = 0;
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        const doc = docs[i % docs.length]!;
        await pool.read({
          bytes: readFileSync(doc.file),
          contentType: doc.contentType,
          kind: doc.sample.kind,
          today: new Date().toISOString().slice(0, 10),
        });
        read++;
      }
    })();
    let busy: number;
    try {
      busy = await apiP99(portal.url, token, seconds);
    } finally {
      reading = false;
      await reader;
    }
    if (read === 0) throw new Error('no document was read while the API was measured');
    return { idle, busy };
  } finally {
    await portal.close();
  }
}

const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((1000 * a) / b) / 10);

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const count = options.quick ? 2 : 10;
  const samples = [
    ...idCardSamples({ seed: 31, count }),
    ...passportSamples({ seed: 32, count }),
    ...licenceSamples({ seed: 33, count }),
  ];
  const variantsOf = (s: DocumentSample): Variant[] =>
    s.kind === 'businessLicense' ? ['pdf', 'photo'] : ['scan', 'photo'];
  const renderer = new DocumentRenderer();
  const docs: RenderedDocument[] = [];
  try {
    for (const s of samples) for (const v of variantsOf(s)) docs.push(await renderer.render(s, v));
  } finally {
    await renderer.close();
  }

  const engine = await startEngineProcess();
  const previousSocket = process.env[ENGINE_SOCKET_ENV];
  process.env[ENGINE_SOCKET_ENV] = engine.keeper.socketPath;
  const pool = new ReaderPool(1);
  const enginePid = engine.keeper.pid ?? 0;
  const hits = new Map<string, [number, number]>();
  const count1 = (group: string, ok: boolean) => {
    const [a, b] = hits.get(group) ?? [0, 0];
    hits.set(group, [a + (ok ? 1 : 0), b + 1]);
  };
  const times: number[] = [];
  const rssBefore = rssOf(enginePid);
  let rssAfter = rssBefore;
  let correct = 0;
  let falseMismatch = 0;
  let unreadable = 0;
  let typedFields = 0;
  let off = 0;
  let found = 0;
  try {
    console.log(`documents: engine ${await pool.warm()}, engine process ${enginePid}`);
    const cpuBefore = cpuOf(enginePid);
    for (const doc of docs) {
      const bytes = readFileSync(doc.file);
      const started = performance.now();
      const answer = await pool.read({
        bytes,
        contentType: doc.contentType,
        kind: doc.sample.kind,
        today: new Date().toISOString().slice(0, 10),
      });
      times.push(performance.now() - started);
      rssAfter = Math.max(rssAfter, rssOf(enginePid));
      const reading: DocumentReading = answer.reading;
      for (const e of expectedFields(doc.sample)) count1(e.group, (reading.fields as Record<string, { value: string } | undefined>)[e.field]?.value === e.value);
      if (doc.sample.kind === 'passportPhotoPage')
        count1('MrzVerdict', reading.mrz !== null && reading.mrz.valid === !doc.sample.values.brokenCheckDigit);
      const comparisons = compareWithTyped(
        doc.sample.kind,
        reading.fields,
        typedValuesOf(doc.sample),
        reading.mrz,
      );
      const differs = comparisons.some((c) => c.verdict === 'different');
      typedFields += comparisons.length;
      unreadable += comparisons.filter((c) => c.verdict === 'unreadable').length;
      if (isTypedAsDocument(doc.sample)) {
        correct++;
        if (differs) falseMismatch++;
      } else {
        off++;
        if (differs) found++;
      }
    }
    const cpuMs = (cpuOf(enginePid) - cpuBefore) / docs.length;
    const api = await apiBesideReading(pool, docs, options.quick);
    const figures: BenchFigure[] = [];
    for (const [group, [a, b]] of [...hits.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const strict = group === 'Names' || group === 'Dates' ? NAMES_DATES_BUDGET : EXACT_BUDGET;
      figures.push({ name: `documentsAccuracy${group}`, value: pct(a, b), unit: '%', budget: { min: strict } });
    }
    figures.push(
      { name: 'documentsFalseMismatchPct', value: pct(falseMismatch, correct), unit: '%', budget: { max: 1 } },
      { name: 'documentsUnreadablePct', value: pct(unreadable, typedFields), unit: '%' },
      { name: 'documentsMismatchFoundPct', value: pct(found, off), unit: '%' },
      { name: 'documentsP50Ms', value: Math.round(percentile(times, 50)), unit: 'ms' },
      { name: 'documentsP95Ms', value: Math.round(percentile(times, 95)), unit: 'ms', budget: { max: 3000 } },
      { name: 'documentsCpuMs', value: Math.round(cpuMs), unit: 'ms' },
      { name: 'documentsEngineIdleRssMb', value: Math.round(rssBefore / 1e6), unit: 'MB' },
      { name: 'documentsEngineRssMb', value: Math.round(rssAfter / 1e6), unit: 'MB' },
      { name: 'documentsReaderRssMb', value: Math.round((rssAfter - rssBefore) / 1e6), unit: 'MB' },
      { name: 'documentsRead', value: docs.length, unit: 'documents' },
      { name: 'documentsApiIdleP99Ms', value: api.idle, unit: 'ms' },
      { name: 'documentsApiP99Ms', value: api.busy, unit: 'ms', budget: { max: API_P99_BUDGET_MS } },
    );
    return figures;
  } finally {
    await pool.close();
    if (previousSocket === undefined) delete process.env[ENGINE_SOCKET_ENV];
    else process.env[ENGINE_SOCKET_ENV] = previousSocket;
    await engine.stop();
  }
}

/** The engine process as the supervisor runs it (engineProcess.ts), on a socket of its own. */
async function startEngineProcess(): Promise<{ keeper: EngineKeeper; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'));
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const quiet = { info: () => undefined, warn: console.warn, error: console.error };
  const keeper = createEngineKeeper({
    socketPath: path.join(dir, 'engine.sock'),
    log: quiet as never,
    onMessage: (message) => {
      if (message.type === 'portal:engineReady') ready();
    },
  });
  keeper.start();
  await isReady;
  // It warms the face engine and the puzzles right after it is ready: let that settle first.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  return {
    keeper,
    async stop() {
      await keeper.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A process's resident memory in bytes (Linux: /proc/<pid>/status, VmRSS). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** A process's CPU time so far in milliseconds, all threads (Linux: /proc/<pid>/stat, utime + stime). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return (ticks * 1000) / 100;
}

/** Whether every typed value of the sample is the document's own (a correct application). */
function isTypedAsDocument(sample: DocumentSample): boolean {
  const typed = sample.typed as Record<string, string | undefined>;
  const values = sample.values as unknown as Record<string, string>;
  return Object.entries(typed).every(([k, v]) => v === undefined || v === values[k]);
}
