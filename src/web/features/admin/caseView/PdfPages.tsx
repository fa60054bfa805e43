// A PDF document rendered page by page with PDF.js onto canvases (issue 21 §1): the page count
// above, every page below in the pane's scroll, each at the pane's width times the zoom and turned as
// the viewer says. A PDF that PDF.js cannot read says so; the download link stays beside it.
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { pdfPageSize } from '../../../../contract/documents/pageImage';
import { ReadOutlines, type ReadOutline } from '../../documents/ReadOutlines';
import { openPdf, type PdfDocument } from './pdfDocument';

function usePdf(blob: Blob): { pdf: PdfDocument | null; failed: boolean } {
  const [state, setState] = useState<{ pdf: PdfDocument | null; failed: boolean }>({
    pdf: null,
    failed: false,
  });
  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocument | null = null;
    setState({ pdf: null, failed: false });
    blob
      .arrayBuffer()
      .then(openPdf)
      .then((pdf) => {
        opened = pdf;
        if (cancelled) void pdf.destroy();
        else setState({ pdf, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ pdf: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (opened) void opened.destroy();
    };
  }, [blob]);
  return state;
}

function PdfPage({
  pdf,
  number,
  width,
  zoom,
  rotation,
  label,
  outlines,
}: {
  pdf: PdfDocument;
  number: number;
  width: number;
  zoom: number;
  rotation: number;
  label: string;
  outlines: readonly ReadOutline[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The page as read (its own rotation, at the reader's resolution) and as drawn here.
  const [drawn, setDrawn] = useState<{
    read: { width: number; height: number };
    css: [number, number];
  } | null>(null);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void pdf.getPage(number).then((page) => {
      const target = canvas.current;
      if (cancelled || !target) return;
      const upright = page.getViewport({ scale: 1 });
      const natural = page.getViewport({ scale: 1, rotation: (page.rotate + rotation) % 360 });
      const scale = (Math.max(width, 200) * zoom) / natural.width;
      const viewport = page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      setDrawn({
        read: pdfPageSize(upright.width, upright.height),
        css: [Math.floor(viewport.width), Math.floor(viewport.height)],
      });
      task = page.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      task.promise
        .then(() => {
          if (!cancelled) target.dataset.rendered = 'true';
        })
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, width, zoom, rotation]);
  const page = (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-page={number}
      style={{ background: 'white', boxShadow: '0 0 0 1px var(--mantine-color-gray-4)' }}
    />
  );
  // Always inside its box: a canvas moved to another parent would be drawn anew blank.
  return (
    <div style={{ position: 'relative', width: drawn?.css[0], height: drawn?.css[1] }}>
      {page}
      {drawn ? <ReadOutlines outlines={outlines} page={drawn.read} rotation={rotation} /> : null}
    </div>
  );
}

export function PdfPages({
  blob,
  name,
  zoom,
  rotation,
  outlines = [],
}: {
  blob: Blob;
  name: string;
  zoom: number;
  rotation: number;
  /** Where values were read (issue 30), each on its page (0 is the first). */
  outlines?: readonly ReadOutline[];
}) {
  const { t } = useLingui();
  const { pdf, failed } = usePdf(blob);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => setWidth(Math.max(0, element.clientWidth - 16));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const pages = pdf?.numPages ?? 0;
  return (
    <Stack gap="xs" style={{ height: '100%', minHeight: 0 }}>
      {failed ? (
        <Text c="red" role="alert" size="sm">
          <Trans>This PDF could not be shown. Download it to read it.</Trans>
        </Text>
      ) : pdf ? (
        <Text size="sm" data-testid="pdf-page-count">
          {t`${pages} page(s)`}
        </Text>
      ) : (
        <Loader size="sm" aria-label={t`Loading ${name}`} />
      )}
      <div
        ref={box}
        // Scrolls on its own: the keyboard can reach and scroll it too.
        tabIndex={0}
        role="group"
        aria-label={t`Pages of ${name}`}
        style={{ overflow: 'auto', flex: 1, minHeight: 0 }}
      >
        {pdf && width > 0 ? (
          <Stack gap="sm" align={zoom <= 1 ? 'center' : 'flex-start'} p={8}>
            {Array.from({ length: pages }, (_, i) => (
              <PdfPage
                key={i + 1}
                pdf={pdf}
                number={i + 1}
                width={width}
                zoom={zoom}
                rotation={rotation}
                label={t`${name}, page ${i + 1} of ${pages}`}
                outlines={outlines.filter((o) => o.page === i)}
              />
            ))}
          </Stack>
        ) : null}
      </div>
    </Stack>
  );
}
