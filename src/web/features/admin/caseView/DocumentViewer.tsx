// The right pane of the case (issue 21 §1): one document at a time, the claims it supports above it,
// paged with previous / next without leaving the case; images zoom, turn and fit, PDFs are drawn
// page by page with their page count. What else belongs beside a document (the face capture beside
// the authorizer's ID photo) comes in as `beside`; what the document reads (issue 30) as the outlines
// of where its values were read and `readings` (its self-checks) above it.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { CaseDocument } from '../../../../contract/api/admin';
import type { ReadOutline } from '../../documents/ReadOutlines';
import { useDocumentFile } from './DocumentPreview';
import { ImageView } from './ImageView';
import { PdfPages } from './PdfPages';

export interface DocumentClaims {
  /** Whose document and which one ("Beneficiary 1 · Identity card, front"). */
  title: string;
  /** The claims it must agree with (name, number, nationality …), label and value. */
  claims: Array<[string, string]>;
}

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

function DocumentBody({
  document,
  title,
  zoom,
  rotation,
  outlines,
}: {
  document: CaseDocument;
  title: string;
  zoom: number;
  rotation: number;
  outlines: readonly ReadOutline[];
}) {
  const file = useDocumentFile(document);
  if (document.deleted)
    return (
      <Text c="dimmed">
        <Trans>The applicant has deleted this file since submitting it.</Trans>
      </Text>
    );
  if (file.pending) return <Loader size="sm" aria-label={title} />;
  if (!file.url || !file.blob)
    return (
      <Text c="red" role="alert">
        <Trans>The document could not be loaded.</Trans>
      </Text>
    );
  if (document.contentType === 'application/pdf')
    return (
      <PdfPages blob={file.blob} name={document.name} zoom={zoom} rotation={rotation} outlines={outlines} />
    );
  return <ImageView url={file.url} alt={document.name} zoom={zoom} rotation={rotation} outlines={outlines} />;
}

function DownloadLink({ document }: { document: CaseDocument }) {
  const file = useDocumentFile(document);
  if (!file.url) return null;
  return (
    <Anchor href={file.url} download={document.name} size="sm">
      <Trans>Download {document.name}</Trans>
    </Anchor>
  );
}

export function DocumentViewer({
  documents,
  index,
  onIndex,
  claims,
  beside,
  flag,
  outlines = [],
  readings,
}: {
  documents: readonly CaseDocument[];
  index: number;
  onIndex: (index: number) => void;
  claims: DocumentClaims | null;
  beside?: ReactNode;
  /** Where the shown document's values were read (issue 30). */
  outlines?: readonly ReadOutline[];
  /** What the shown document reads about itself (its self-checks), above it. */
  readings?: ReactNode;
  /** Flags the field the shown document belongs to, from the viewer (when a revision may be asked). */
  flag?: { on: boolean; toggle: () => void } | null;
}) {
  const { t } = useLingui();
  const document = documents[index];
  const [view, setView] = useState({ fileId: '', zoom: 1, rotation: 0 });
  // Each document opens at fit.
  const current =
    document && view.fileId === document.fileId
      ? view
      : { fileId: document?.fileId ?? '', zoom: 1, rotation: 0 };
  const zoomStep = (direction: 1 | -1) => {
    const at = ZOOMS.findIndex((z) => z >= current.zoom);
    const next =
      ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (at === -1 ? ZOOMS.length - 1 : at) + direction))]!;
    setView({ ...current, zoom: next });
  };
  const count = documents.length;
  const position = index + 1;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={t`Document viewer`}
      style={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={index <= 0}
            aria-keyshortcuts="k"
            onClick={() => onIndex(index - 1)}
          >
            <Trans>Previous document</Trans>
          </Button>
          <Text size="sm" data-testid="document-position">
            {count ? t`Document ${position} of ${count}` : t`No documents`}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            disabled={index >= count - 1}
            aria-keyshortcuts="j"
            onClick={() => onIndex(index + 1)}
          >
            <Trans>Next document</Trans>
          </Button>
        </Group>
        {document ? (
          <>
            <Stack gap={2}>
              <Title order={3} size="h5" data-testid="document-title">
                {claims?.title ?? document.name}
              </Title>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {document.name}
              </Text>
            </Stack>
            {claims && claims.claims.length ? (
              <Table
                withRowBorders={false}
                verticalSpacing={2}
                fz="sm"
                aria-label={t`What this document supports`}
                data-testid="document-claims"
              >
                <Table.Tbody>
                  {claims.claims.map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w="40%" fw={500}>
                        {label}
                      </Table.Th>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {readings}
            <Group gap={4} wrap="wrap">
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => zoomStep(-1)}
                aria-label={t`Zoom out`}
              >
                −
              </Button>
              <Text size="xs" w={44} ta="center" data-testid="document-zoom">
                {Math.round(current.zoom * 100)}%
              </Text>
              <Button size="compact-xs" variant="default" onClick={() => zoomStep(1)} aria-label={t`Zoom in`}>
                +
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setView({ ...current, rotation: (current.rotation + 90) % 360 })}
              >
                <Trans>Rotate</Trans>
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setView({ fileId: current.fileId, zoom: 1, rotation: 0 })}
              >
                <Trans>Fit</Trans>
              </Button>
              <DownloadLink document={document} />
              {flag ? (
                <Checkbox
                  size="xs"
                  ml="auto"
                  aria-keyshortcuts="f"
                  label={t`Flag this document for revision`}
                  checked={flag.on}
                  onChange={flag.toggle}
                />
              ) : null}
            </Group>
            <div
              style={{ flex: 1, minHeight: 240, display: 'flex', gap: 8 }}
              data-file-id={document.fileId}
              data-testid="document-body"
            >
              <div style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
                <DocumentBody
                  document={document}
                  title={document.name}
                  zoom={current.zoom}
                  rotation={current.rotation}
                  outlines={outlines}
                />
              </div>
              {beside ? (
                // Scrolls on its own (the face evidence is taller than the pane): reachable by keyboard.
                <div
                  style={{ width: '42%', overflow: 'auto' }}
                  tabIndex={0}
                  role="region"
                  aria-label={t`Beside this document`}
                >
                  {beside}
                </div>
              ) : null}
            </div>
          </>
        ) : (
          <Text c="dimmed">
            <Trans>This case has no documents.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
