// The watermark layer, kept in the DOM outside React: a fixed, click-through tile pattern that
// puts itself back when a script removes it or changes its style (docs/product-rules.md).
import { Watermark } from '../../contract/limits';

export const WATERMARK_ATTR = 'data-watermark';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Lines of the watermark: the email, then the operator id once certified (watermarkText.ts). */
export function watermarkLines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

/** Space between two lines of the watermark, px. */
const LINE_GAP = 4;

export interface TileGeometry {
  /** The text block before rotation: at least the spec's 120 × 64, grown to the measured text. */
  contentWidth: number;
  contentHeight: number;
  lineHeight: number;
  /** The rotated block's bounding box: the tile, which the text never leaves. */
  tileWidth: number;
  tileHeight: number;
  /** One repeat of the pattern: the tile plus the spec's gap. */
  cellWidth: number;
  cellHeight: number;
}

/**
 * The tile that holds the rotated text (docs/product-rules.md "Watermark tile"): the spec's 120 × 64 are the
 * defaults of a known watermark component, which grows them to the measured text; so does this,
 * then takes the bounding box of the block rotated by the spec's angle, and adds the spec's gap.
 */
export function tileGeometry(lineWidths: readonly number[], lineHeight: number): TileGeometry {
  const { width, height, gapX, gapY, rotateDeg } = Watermark;
  const lines = Math.max(1, lineWidths.length);
  const contentWidth = Math.ceil(Math.max(width, ...lineWidths));
  const contentHeight = Math.ceil(Math.max(height, lines * lineHeight + (lines - 1) * LINE_GAP));
  const angle = (Math.abs(rotateDeg) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // +2: a pixel of antialiasing on each side stays inside the tile too.
  const tileWidth = Math.ceil(contentWidth * cos + contentHeight * sin) + 2;
  const tileHeight = Math.ceil(contentWidth * sin + contentHeight * cos) + 2;
  return {
    contentWidth,
    contentHeight,
    lineHeight,
    tileWidth,
    tileHeight,
    cellWidth: tileWidth + gapX,
    cellHeight: tileHeight + gapY,
  };
}

/** The font the page uses (theme.ts), so the watermark is measured and drawn in the real font. */
function pageFontFamily(doc: Document): string {
  const family = doc.body ? doc.defaultView?.getComputedStyle(doc.body).fontFamily : '';
  return family || 'sans-serif';
}

/** Measures each line in the browser with canvas measureText; a rough estimate without a canvas (jsdom). */
export function measureLines(
  lines: readonly string[],
  fontFamily: string,
  doc: Document = document,
): { widths: number[]; lineHeight: number } {
  const { fontSize } = Watermark;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = doc.createElement('canvas').getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) {
    // Wide enough for any Latin or CJK glyph of the font size.
    return { widths: lines.map((l) => [...l].length * fontSize), lineHeight: Math.ceil(fontSize * 1.5) };
  }
  ctx.font = `${fontSize}px ${fontFamily}`;
  let lineHeight = Math.ceil(fontSize * 1.2);
  const widths = lines.map((line) => {
    const m = ctx.measureText(line);
    const ink = Math.ceil(m.actualBoundingBoxLeft + m.actualBoundingBoxRight);
    const box = Math.ceil(
      Math.max(
        m.fontBoundingBoxAscent + m.fontBoundingBoxDescent,
        m.actualBoundingBoxAscent + m.actualBoundingBoxDescent,
      ) || 0,
    );
    lineHeight = Math.max(lineHeight, box);
    return Math.max(Math.ceil(m.width), ink);
  });
  return { widths, lineHeight };
}

/** One cell of the pattern (the tile, then the gap) as an SVG data URL, and its size. */
export function watermarkTile(
  text: string,
  doc: Document = document,
): { url: string; geometry: TileGeometry } {
  const { rotateDeg, fontSize, opacity } = Watermark;
  const lines = watermarkLines(text);
  const fontFamily = pageFontFamily(doc);
  const measured = measureLines(lines, fontFamily, doc);
  const g = tileGeometry(measured.widths, measured.lineHeight);
  const cx = g.tileWidth / 2;
  const cy = g.tileHeight / 2;
  const firstY = cy - ((lines.length - 1) * (g.lineHeight + LINE_GAP)) / 2;
  const texts = lines
    .map(
      (line, i) => `<text x="${cx}" y="${firstY + i * (g.lineHeight + LINE_GAP)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${g.cellWidth}" height="${g.cellHeight}">` +
    `<g fill="rgba(0,0,0,${opacity})" font-size="${fontSize}" font-family="${escapeXml(fontFamily)}" ` +
    `text-anchor="middle" dominant-baseline="central" transform="rotate(${rotateDeg} ${cx} ${cy})">` +
    `${texts}</g></svg>`;
  return { url: `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`, geometry: g };
}

export function watermarkStyle(text: string, doc: Document = document): string {
  const { zIndex } = Watermark;
  const { url, geometry } = watermarkTile(text, doc);
  return [
    'position:fixed',
    'inset:0',
    'width:100%',
    'height:100%',
    'display:block',
    'visibility:visible',
    'opacity:1',
    `z-index:${zIndex}`,
    'pointer-events:none',
    `background-image:${url}`,
    `background-size:${geometry.cellWidth}px ${geometry.cellHeight}px`,
    'background-repeat:repeat',
  ].join(';');
}

/** Mounts the layer in `parent` and keeps it there until the returned function is called. */
export function mountWatermark(text: string, parent: HTMLElement = document.body): () => void {
  const style = watermarkStyle(text, parent.ownerDocument);
  let layer = create();

  function create(): HTMLDivElement {
    const el = parent.ownerDocument.createElement('div');
    el.setAttribute(WATERMARK_ATTR, '');
    el.setAttribute('aria-hidden', 'true');
    el.setAttribute('style', style);
    parent.appendChild(el);
    return el;
  }

  const observer = new MutationObserver(() => {
    observer.disconnect();
    if (!layer.isConnected || layer.parentNode !== parent) {
      layer.remove();
      layer = create();
    } else if (layer.getAttribute('style') !== style || layer.hidden || layer.className) {
      layer.hidden = false;
      layer.removeAttribute('class');
      layer.setAttribute('style', style);
    }
    watch();
  });

  function watch() {
    observer.observe(parent, { childList: true });
    observer.observe(layer, { attributes: true });
  }
  watch();

  return () => {
    observer.disconnect();
    layer.remove();
  };
}
