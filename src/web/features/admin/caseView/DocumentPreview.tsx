// One stored document, previewed inline and downloadable (issue 8 §3): fetched as a blob with the
// session's token and shown from a blob: URL (CSP: img-src blob:), images as <img>, PDFs drawn page
// by page by PDF.js (an <iframe> showed a dark box where the browser has no PDF viewer). The URL is revoked when the preview goes away.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CaseDocument } from '../../../../contract/api/admin';
import { fetchDocument } from '../adminApi';
import { PdfPages } from './PdfPages';

function useBlobUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** A document's bytes (fetched once per file for the page's life) and a blob: URL of them. */
export function useDocumentFile(document: CaseDocument) {
  const file = useQuery({
    queryKey: ['adminDocument', document.fileId],
    queryFn: () => fetchDocument(document.fileId),
    enabled: !document.deleted,
    staleTime: Infinity,
  });
  const url = useBlobUrl(file.data);
  return { blob: file.data ?? null, url, pending: file.isPending && !document.deleted };
}

export function DocumentPreview({ document, caption }: { document: CaseDocument; caption?: string }) {
  const { t } = useLingui();
  const file = useDocumentFile(document);
  const url = file.url;
  const title = caption ?? document.name;
  let body;
  if (document.deleted) {
    body = (
      <Text c="dimmed">
        <Trans>The applicant has deleted this file since submitting it.</Trans>
      </Text>
    );
  } else if (file.pending) {
    body = <Loader size="sm" aria-label={t`Loading ${document.name}`} />;
  } else if (!url) {
    body = (
      <Text c="red" role="alert">
        <Trans>The document could not be loaded.</Trans>
      </Text>
    );
  } else if (document.contentType === 'application/pdf' && file.blob) {
    body = (
      <div style={{ height: 480 }}>
        <PdfPages blob={file.blob} name={title} zoom={1} rotation={0} />
      </div>
    );
  } else {
    body = <img alt={title} src={url} style={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain' }} />;
  }
  return (
    <Card withBorder padding="sm" data-file-id={document.fileId}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {body}
        {url ? (
          <Anchor href={url} download={document.name} size="sm">
            <Trans>Download {document.name}</Trans>
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
