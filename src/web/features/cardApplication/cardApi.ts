// The card application API as the steps' effects need it (CardPaths of src/contract/api/card.ts).
// Answers become the machine's outcomes: the data, or the business code the server refused with.
// Pages handle these answers themselves (isPageHandle), so the message shows once, inline.
import { CardPaths } from '../../../contract/api/card';
import type {
  CardApplicationView,
  CardQuestionnaire,
  SaveCardApplicationRequest,
} from '../../../contract/api/card';
import { Codes, SUCCESS_CODE, type CodeName } from '../../../contract/codes';
import type { Envelope } from '../../../contract/envelope';
import type { ApiOutcome } from '../../../../machines/accountOutcome';
import type { ApiClient } from '../../api/client';

const codeNames = new Map<number, CodeName>(
  (Object.entries(Codes) as Array<[CodeName, { code: number }]>)
    .reverse()
    .map(([name, entry]) => [entry.code, name]),
);

/** The code's name in codes.ts; an unknown code reads as the generic network message. */
export function codeNameOf(code: number): CodeName {
  return codeNames.get(code) ?? 'internal';
}

function outcomeOf<T>(envelope: Envelope<T>): ApiOutcome<T> {
  return envelope.code === SUCCESS_CODE
    ? { kind: 'ok', data: envelope.data }
    : { kind: 'refused', code: codeNameOf(envelope.code) };
}

type PageHandled = { isPageHandle: true };

export function createCardApi(api: ApiClient) {
  const page: PageHandled = { isPageHandle: true };
  return {
    async loadApplication(signal?: AbortSignal): Promise<CardApplicationView> {
      const view = await api.get<CardApplicationView>(CardPaths.application, undefined, { signal });
      if (view === false) throw new Error('card application unavailable');
      return view;
    },
    async loadQuestionnaire(): Promise<CardQuestionnaire> {
      // Its failure is shown by the step itself ("questionnaire fetch failed"), with a retry.
      const envelope = await api.get<CardQuestionnaire, PageHandled>(
        CardPaths.questionnaire,
        undefined,
        page,
      );
      if (envelope.code !== SUCCESS_CODE) throw new Error(Codes.questionnaireFetchFailed['en-us']);
      return envelope.data;
    },
    async save(body: SaveCardApplicationRequest): Promise<ApiOutcome<CardApplicationView>> {
      return outcomeOf(await api.post<CardApplicationView, PageHandled>(CardPaths.save, body, page));
    },
    async submit(body: SaveCardApplicationRequest): Promise<ApiOutcome<CardApplicationView>> {
      return outcomeOf(await api.post<CardApplicationView, PageHandled>(CardPaths.submit, body, page));
    },
  };
}

export type CardApi = ReturnType<typeof createCardApi>;
