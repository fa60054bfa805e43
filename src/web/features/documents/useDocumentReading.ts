// The reading of an uploaded file, asked again every READING_POLL.intervalMs while it is queued or
// being read, for at most READING_POLL.giveUpAfterMs: the reader works after the upload answered.
// A plain effect, not a query cache: the wizard's steps render without a QueryClient.
import { useEffect, useState } from 'react';
import { READING_POLL, type DocumentReadingView } from '../../../contract/api/documents';
import { isReadKind } from '../../../contract/documents/reading';
import { fetchReading } from './readingApi';

const MAX_ASKS = Math.ceil(READING_POLL.giveUpAfterMs / READING_POLL.intervalMs);
/** Only a stored file (a UUID) has a reading: a support replay's placeholder ('‹file›') asks nothing. */
const STORED_FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether to ask again after this answer. */
export function stillReading(view: DocumentReadingView | null, asked: number): boolean {
  if (asked >= MAX_ASKS) return false;
  return view === null || view.status === 'queued' || view.status === 'reading';
}

export function useDocumentReading(
  fileId: string | null,
  kind: string,
  fetch: typeof fetchReading = fetchReading,
): DocumentReadingView | null {
  const [view, setView] = useState<{ fileId: string; view: DocumentReadingView | null } | null>(null);
  useEffect(() => {
    if (fileId === null || !STORED_FILE_ID.test(fileId) || !isReadKind(kind)) return undefined;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const ask = async () => {
      const answer = await fetch(fileId, abort.signal);
      asked++;
      if (abort.signal.aborted) return;
      setView({ fileId, view: answer });
      if (stillReading(answer, asked)) timer = setTimeout(() => void ask(), READING_POLL.intervalMs);
    };
    void ask();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [fileId, kind, fetch]);
  return view?.fileId === fileId ? view.view : null;
}
