// The card application pages in jsdom, against a real local HTTP server standing in for the API:
// the steps, the one-file upload, the questionnaire gate and its fetch failure, the success dialog,
// eligibility, and the session-storage rule of spec §2 (kept across a refresh, cleared on leaving).
import '../support/jsdomBrowser';
import { File as NodeFile } from 'node:buffer';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notStartedCardApplication } from '../../../machines/cardApplicationViews';
import type { CardQuestionnaire } from '../../../src/contract/api/card';
import { App, createQueryClient } from '../../../src/web/App';
import {
  discardCardApplicationActor,
  releaseCardApplicationActor,
} from '../../../src/web/features/cardApplication/cardApplicationActor';
import {
  appStateProgress,
  forgetProgress,
  PROGRESS_KEY,
  readSavedProgress,
} from '../../../src/web/features/cardApplication/progressStore';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { sessionActor } from '../../../src/web/session/appSession';
import { clearSession, writeSession, type SessionUser } from '../../../src/web/session/sessionStore';
import { envelope, startStubApi } from '../support/stubApiServer';

let server: Awaited<ReturnType<typeof startStubApi>>;
const realFetch = globalThis.fetch;

/**
 * jsdom's FormData means nothing to Node's fetch (the request never leaves); a browser sends it as
 * multipart. Rebuild it with Node's own classes so the real server receives real multipart.
 */
/** jsdom's File has no arrayBuffer(); its FileReader reads it. */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

async function forNodeFetch(init: RequestInit | undefined): Promise<RequestInit | undefined> {
  if (!(init?.body instanceof FormData)) return init;
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const form = new NodeFormData();
  for (const [name, value] of init.body.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new NodeFile([new Uint8Array(await bytesOf(value))], value.name, {
          type: value.type,
        }) as unknown as Blob,
        value.name,
      );
  }
  return { ...init, body: form };
}

/**
 * The document goes through the upload chart's XMLHttpRequest (progress, abort). jsdom's would be a
 * cross-origin request to the stub; this one sends through the fetch above, as a browser would send
 * it to the same origin, and reports its events the way the transport listens for them.
 */
class FetchXhr {
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private listeners = new Map<string, Array<() => void>>();
  private aborter = new AbortController();
  responseText = '';
  readonly upload = { addEventListener: () => undefined };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  abort() {
    this.aborter.abort();
    this.fire('abort');
  }
  send(body: FormData) {
    const init = { method: this.method, headers: this.headers, body, signal: this.aborter.signal };
    globalThis.fetch(this.url, init).then(
      async (response) => {
        this.responseText = await response.text();
        this.fire('load');
      },
      () => {
        if (!this.aborter.signal.aborted) this.fire('error');
      },
    );
  }
}
const realXhr = globalThis.XMLHttpRequest;

beforeAll(async () => {
  server = await startStubApi();
  globalThis.fetch = async (input, init) =>
    realFetch(
      typeof input === 'string' && input.startsWith('/') ? `${server.origin}${input}` : input,
      await forNodeFetch(init),
    );
  globalThis.XMLHttpRequest = FetchXhr as unknown as typeof XMLHttpRequest;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  globalThis.XMLHttpRequest = realXhr;
  await server.close();
});

const EMAIL = 'owner@company.example';
const user: SessionUser = {
  isLogin: true,
  token: 'tok',
  operatorId: 'OP00000001',
  userInfo: { email: EMAIL },
  enterpriseCertificationStatus: 2,
  enterpriseAuditStatus: 2,
  companyCreditCode: null,
  companyName: 'Harbour Trading Ltd',
};

const fileView = {
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'cardApplication',
  contentType: 'application/pdf',
  size: 2048,
  originalName: 'licence.pdf',
};

const notStarted = notStartedCardApplication;

const questionnaire: CardQuestionnaire = {
  version: 'q1',
  questions: [
    {
      id: 'sourceOfFunds',
      kind: 'singleChoice',
      required: true,
      title: { 'zh-cn': '资金来源', 'en-us': 'Where do the funds come from?' },
      hint: null,
      options: [
        { id: 'revenue', label: { 'zh-cn': '营业收入', 'en-us': 'Business revenue' } },
        { id: 'investment', label: { 'zh-cn': '投资', 'en-us': 'Investment' } },
      ],
      maxLength: null,
    },
  ],
};

/** The first visit loads the lazy card-application chunk (transformed on demand under test). */
const LAZY_LOAD_MS = 15_000;

function visit(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} isMobile={false} />);
}

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

function pickFile(name: string, bytes: number, type = 'application/pdf') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input on the page');
  const file = new File([new Uint8Array(bytes)], name, { type });
  return act(async () => fireEvent.change(input, { target: { files: [file] } }));
}

beforeEach(() => {
  server.reset();
  chooseLocale('en-us');
  writeSession(user);
  sessionActor.send({ type: 'session.signedIn' });
});
afterEach(() => {
  cleanup();
  releaseCardApplicationActor();
  forgetProgress();
  clearSession();
  sessionStorage.clear();
});

async function toUploadStep() {
  server.answer('/plat/card/application', envelope(200, notStarted));
  visit('/issuingCardApplication');
  await click(await screen.findByRole('button', { name: 'Start application' }, { timeout: LAZY_LOAD_MS }));
  await waitFor(() => expect(window.location.pathname).toBe('/issuingCardApplication/selectBusinessPurpose'));
  await click(screen.getByRole('radio', { name: 'Cross-border e-commerce' }));
  await click(screen.getByRole('button', { name: 'Next step' }));
  await waitFor(() => expect(window.location.pathname).toBe('/issuingCardApplication/uploadRelevantInfo'));
}

describe('card application pages', { timeout: 30_000 }, () => {
  it('purpose → one file → questionnaire (gated) → submit → success dialog → gateway', async () => {
    server.answer('/plat/files', envelope(200, fileView));
    server.answer('/plat/card/questionnaire', envelope(200, questionnaire));
    server.answer(
      '/plat/card/application/submit',
      envelope(200, { ...notStarted, status: 'under_review', lifecycleState: 'underReview', mayEdit: false }),
    );
    await toUploadStep();

    await pickFile('licence.pdf', 2048);
    // Attached (not only "Uploading licence.pdf" while it is sent).
    expect(await screen.findByRole('button', { name: 'Remove file licence.pdf' })).toBeTruthy();
    const upload = server.requests.find((r) => r.url === '/plat/files')!;
    expect(upload.method).toBe('POST');
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload.body).toContain('name="kind"');
    expect(upload.body).toContain('cardApplication');
    expect(upload.body).toContain('filename="licence.pdf"');

    await click(screen.getByRole('button', { name: 'Next: questionnaire' }));
    expect(await screen.findByText('Where do the funds come from?')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Please fill in the questionnaire before submitting')).toBeTruthy();
    expect(screen.getByText('Please answer this question')).toBeTruthy();
    expect(server.requests.some((r) => r.url === '/plat/card/application/submit')).toBe(false);

    await click(screen.getByRole('radio', { name: 'Business revenue' }));
    await click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('dialog', { name: 'Application submitted' })).toBeTruthy();
    const submit = server.requests.find((r) => r.url === '/plat/card/application/submit')!;
    expect(JSON.parse(submit.body)).toEqual({
      businessPurpose: 'crossBorderEcommerce',
      fileId: fileView.id,
      answers: { sourceOfFunds: 'revenue' },
    });
    expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull();

    await click(screen.getByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(window.location.pathname).toBe('/gateway'));
  });

  it('moving between the steps keeps the page mounted (the URL follows; nothing is replaced)', async () => {
    // The router titles the document in the commit that renders a route: once the title names the
    // step, the route's page is the one on screen.
    const onStep = async (path: string, title: string) => {
      await waitFor(() => expect(window.location.pathname).toBe(`/issuingCardApplication/${path}`));
      await waitFor(() => expect(document.title).toContain(title));
    };
    server.answer('/plat/card/application', envelope(200, notStarted));
    visit('/issuingCardApplication');
    await click(await screen.findByRole('button', { name: 'Start application' }, { timeout: LAZY_LOAD_MS }));
    await onStep('selectBusinessPurpose', 'Business purpose');
    // An element every step shows: the same node through the step changes.
    const heading = screen.getByRole('heading', { level: 1 });
    await click(screen.getByRole('radio', { name: 'Cross-border e-commerce' }));
    await click(screen.getByRole('button', { name: 'Next step' }));
    await onStep('uploadRelevantInfo', 'Relevant information');
    expect(document.querySelector('input[type=file]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    await click(screen.getByRole('button', { name: 'Previous step' }));
    await onStep('selectBusinessPurpose', 'Business purpose');
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  it('the browser refuses a file over 10 MB or of another type without uploading it', async () => {
    await toUploadStep();
    await pickFile('huge.pdf', 10 * 1024 * 1024 + 1);
    expect(await screen.findByText('The file may not be larger than 10 MB')).toBeTruthy();
    await pickFile('notes.docx', 10, 'application/msword');
    expect(await screen.findByText('Only jpg, jpeg, png or pdf files are accepted')).toBeTruthy();
    expect(server.requests.some((r) => r.url === '/plat/files')).toBe(false);
  });

  it('a questionnaire that cannot be loaded says so, and Retry loads it', async () => {
    server.answer('/plat/files', envelope(200, fileView));
    server.answer('/plat/card/questionnaire', envelope(430004, null, 'Questionnaire fetch failed', 503));
    await toUploadStep();
    await pickFile('licence.pdf', 2048);
    await screen.findByRole('button', { name: 'Remove file licence.pdf' });
    await click(screen.getByRole('button', { name: 'Next: questionnaire' }));
    expect(
      await screen.findByText('Questionnaire fetch failed: service abnormal, please try later'),
    ).toBeTruthy();
    server.answer('/plat/card/questionnaire', envelope(200, questionnaire));
    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Where do the funds come from?')).toBeTruthy();
  });

  it('Save stores a temporary draft on the server and says so', async () => {
    server.answer(
      '/plat/card/application/save',
      envelope(200, { ...notStarted, status: 'saved', lifecycleState: 'saved' }),
    );
    await toUploadStep();
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. You can continue later from the home page.')).toBeTruthy();
    const save = server.requests.find((r) => r.url === '/plat/card/application/save')!;
    expect(JSON.parse(save.body)).toEqual({
      businessPurpose: 'crossBorderEcommerce',
      fileId: null,
      answers: {},
    });
  });
});

describe('session storage rule (spec §2)', { timeout: 30_000 }, () => {
  it('a refresh inside the steps keeps the purpose and the file; leaving restores them into the app state and clears the saved data and path', async () => {
    server.answer('/plat/files', envelope(200, fileView));
    await toUploadStep();
    await pickFile('licence.pdf', 2048);
    await screen.findByRole('button', { name: 'Remove file licence.pdf' });
    expect(readSavedProgress()).toMatchObject({
      businessPurpose: 'crossBorderEcommerce',
      path: 'uploadRelevantInfo',
    });

    // A refresh: the page and the actor are gone, session storage stays.
    cleanup();
    discardCardApplicationActor();
    visit('/issuingCardApplication/uploadRelevantInfo');
    expect(await screen.findByText(/licence\.pdf/)).toBeTruthy();
    expect(window.location.pathname).toBe('/issuingCardApplication/uploadRelevantInfo');
    await click(screen.getByRole('button', { name: 'Previous step' }));
    expect((screen.getByRole('radio', { name: 'Cross-border e-commerce' }) as HTMLInputElement).checked).toBe(
      true,
    );

    // Leaving the steps.
    await act(async () => {
      window.history.pushState(null, '', '/gateway');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull());
    expect(appStateProgress(EMAIL)).toMatchObject({
      businessPurpose: 'crossBorderEcommerce',
      fileList: [{ id: fileView.id }],
    });

    // Coming back in the same tab starts from the app state, at the index.
    cleanup();
    visit('/issuingCardApplication');
    await click(await screen.findByRole('button', { name: 'Start application' }));
    await waitFor(() => expect(window.location.pathname).toBe('/issuingCardApplication/uploadRelevantInfo'));
    expect(screen.getByText(/licence\.pdf/)).toBeTruthy();
  });
});

describe('eligibility and review outcomes', { timeout: 30_000 }, () => {
  it('not certified: prompts to complete certification first, with a link', async () => {
    server.answer(
      '/plat/card/application',
      envelope(200, { ...notStarted, eligibility: 'certificationRequired', mayEdit: false }),
    );
    visit('/issuingCardApplication');
    expect(await screen.findByText('Please complete enterprise certification first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to enterprise certification' }).getAttribute('href')).toBe(
      '/enterpriseCertification',
    );
  });

  it('an unsupported entity is told so', async () => {
    server.answer(
      '/plat/card/application',
      envelope(200, { ...notStarted, eligibility: 'entityNotSupported', mayEdit: false }),
    );
    visit('/issuingCardApplication/selectBusinessPurpose');
    expect(
      await screen.findByText('This entity is not supported for the card-issuing business'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(window.location.pathname).toBe('/issuingCardApplication/issuingCardApplicationIndex'),
    );
  });

  it('rejected: shows the reason and re-applies from the submitted data', async () => {
    const rejected = {
      ...notStarted,
      status: 'rejected',
      lifecycleState: 'rejected',
      businessPurpose: 'eWallet',
      file: { id: fileView.id, name: 'licence.pdf', type: 'application/pdf', size: 2048 },
      answers: { sourceOfFunds: 'revenue' },
      reason: 'The licence is unreadable',
    };
    server.answer('/plat/card/application', envelope(200, rejected));
    server.answer(
      '/plat/card/application/save',
      envelope(200, { ...rejected, status: 'saved', lifecycleState: 'saved' }),
    );
    visit('/issuingCardApplication');
    expect(await screen.findByText(/The licence is unreadable/)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Re-apply' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe('/issuingCardApplication/selectBusinessPurpose'),
    );
    expect((screen.getByRole('radio', { name: 'E-wallet' }) as HTMLInputElement).checked).toBe(true);
    const save = server.requests.find((r) => r.url === '/plat/card/application/save')!;
    expect(JSON.parse(save.body)).toEqual({
      businessPurpose: 'eWallet',
      fileId: fileView.id,
      answers: { sourceOfFunds: 'revenue' },
    });
  });

  // Issue 21 §1 (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"): a revision request reopens the steps at the
  // first flagged field, each flagged field with the reviewer's comment beside it, none elsewhere.
  const revision = {
    ...notStarted,
    status: 'revision_requested',
    lifecycleState: 'revisionRequested',
    businessPurpose: 'eWallet',
    file: { id: fileView.id, name: 'licence.pdf', type: 'application/pdf', size: 2048 },
    answers: { sourceOfFunds: 'revenue' },
    reason: 'Two things to fix',
    version: 3,
  } as const;

  it('revision requested: opens at the flagged upload with the comment beside it, then resubmits', async () => {
    server.answer(
      '/plat/card/application',
      envelope(200, {
        ...revision,
        flaggedFields: ['uploadRelevantInfo.fileId', 'questionnaire.sourceOfFunds'],
        fieldComments: { 'uploadRelevantInfo.fileId': 'The scan is cut off' },
      }),
    );
    server.answer('/plat/card/questionnaire', envelope(200, questionnaire));
    server.answer(
      '/plat/card/application/submit',
      envelope(200, { ...revision, status: 'under_review', lifecycleState: 'underReview', mayEdit: false }),
    );
    visit('/issuingCardApplication');
    // Not the purpose step (nothing flagged there): straight to the upload, with the marks.
    await waitFor(() => expect(window.location.pathname).toBe('/issuingCardApplication/uploadRelevantInfo'), {
      timeout: LAZY_LOAD_MS,
    });
    expect(screen.getByText(/Two things to fix/)).toBeTruthy();
    expect(screen.getByText('The reviewer asks you to check this field: The scan is cut off')).toBeTruthy();
    const marks = () =>
      [...document.querySelectorAll('[data-flagged]')].map((e) => e.getAttribute('data-flagged'));
    expect(marks()).toEqual(['uploadRelevantInfo.fileId']);
    await click(screen.getByRole('button', { name: 'Next: questionnaire' }));
    await screen.findByText('Where do the funds come from?');
    // The flagged question without a comment is marked too; the purpose never was.
    expect(marks()).toEqual(['uploadRelevantInfo.fileId', 'questionnaire.sourceOfFunds']);
    expect(screen.getByText('The reviewer asks you to check this field')).toBeTruthy();
    await click(screen.getByRole('radio', { name: 'Investment' }));
    await click(screen.getByRole('button', { name: 'Submit application' }));
    const submit = await waitFor(() => {
      const found = server.requests.find((r) => r.url === '/plat/card/application/submit');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(JSON.parse(submit.body)).toEqual({
      businessPurpose: 'eWallet',
      fileId: fileView.id,
      answers: { sourceOfFunds: 'investment' },
    });
  });

  it('revision requested on the purpose: opens at the purpose step with its comment', async () => {
    server.answer(
      '/plat/card/application',
      envelope(200, {
        ...revision,
        flaggedFields: ['selectBusinessPurpose.businessPurpose'],
        fieldComments: { 'selectBusinessPurpose.businessPurpose': 'Not what the licence says' },
      }),
    );
    visit('/issuingCardApplication');
    await waitFor(
      () => expect(window.location.pathname).toBe('/issuingCardApplication/selectBusinessPurpose'),
      { timeout: LAZY_LOAD_MS },
    );
    expect(
      screen.getByText('The reviewer asks you to check this field: Not what the licence says'),
    ).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'E-wallet' }) as HTMLInputElement).checked).toBe(true);
  });

  it('under review is read-only', async () => {
    server.answer(
      '/plat/card/application',
      envelope(200, { ...notStarted, status: 'under_review', lifecycleState: 'underReview', mayEdit: false }),
    );
    visit('/issuingCardApplication/uploadRelevantInfo');
    expect(await screen.findByText(/is under review/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start application' })).toBeNull();
  });
});
