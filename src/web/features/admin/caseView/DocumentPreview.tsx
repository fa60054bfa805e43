// One stored document, previewed inline and downloadable (issue 8 §3): fetched as a blob with the
// session's token and shown from a blob: URL (CSP: img-src blob:, frame-src blob:), images as <img>,
// PDFs in an <iframe>. The URL is revoked when the preview goes away.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CaseDocument } from '../../../../contract/api/admin';
import { fetchDocument } from '../adminApi';

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

export function DocumentPreview({ document, caption }: { document: CaseDocument; caption?: string }) {
  const { t } = useLingui();
  const file = useQuery({
    queryKey: ['adminDocument', document.fileId],
    queryFn: () => fetchDocument(document.fileId),
    enabled: !document.deleted,
    staleTime: Infinity,
  });
  const url = useBlobUrl(file.data);
  const title = caption ?? document.name;
  let body;
  if (document.deleted) {
    body = (
      <Text c="dimmed">
        <Trans>The applicant has deleted this file since submitting it.</Trans>
      </Text>
    );
  } else if (file.isPending) {
    body = <Loader size="sm" aria-label={t`Loading ${document.name}`} />;
  } else if (!url) {
    body = (
      <Text c="red" role="alert">
        <Trans>The document could not be loaded.</Trans>
      </Text>
    );
  } else if (document.contentType === 'application/pdf') {
    body = <iframe title={title} src={url} style={{ width: '100%', height: 480, border: 0 }} />;
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
