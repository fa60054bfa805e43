// The watermark layer, kept in the DOM outside React: a fixed, click-through tile pattern that
// puts itself back when a script removes it or changes its style (DECISIONS.md).
import { Watermark } from '../../contract/limits';

export const WATERMARK_ATTR = 'data-watermark';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One tile of `width × height`, followed by the gap, as an SVG data URL. */
export function watermarkTile(text: string): string {
  const { width, height, gapX, gapY, rotateDeg, fontSize, opacity } = Watermark;
  const cx = width / 2;
  const cy = height / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width + gapX}" height="${height + gapY}">` +
    `<text x="${cx}" y="${cy}" fill="rgba(0,0,0,${opacity})" font-size="${fontSize}" ` +
    `font-family="sans-serif" text-anchor="middle" dominant-baseline="middle" ` +
    `transform="rotate(${rotateDeg} ${cx} ${cy})">${escapeXml(text)}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

export function watermarkStyle(text: string): string {
  const { width, height, gapX, gapY, zIndex } = Watermark;
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
    `background-image:${watermarkTile(text)}`,
    `background-size:${width + gapX}px ${height + gapY}px`,
    'background-repeat:repeat',
  ].join(';');
}

/** Mounts the layer in `parent` and keeps it there until the returned function is called. */
export function mountWatermark(text: string, parent: HTMLElement = document.body): () => void {
  const style = watermarkStyle(text);
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
