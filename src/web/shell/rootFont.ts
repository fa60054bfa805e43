// Root font scaling (spec §1): rem-based sizes follow the window width relative to the design
// width, never below the minimum. On desktop the body zoom factor scales the few px-sized things
// (third-party widgets, the chat frame) that rem does not reach: they opt in with BODY_ZOOM_STYLE.
// Zooming the whole <body> would scale every rem size twice (docs/decisions/applicant-web.md "Body zoom factor").
import { RootFont } from '../../contract/limits';

/** The browser default the designs were drawn against. */
export const BASE_FONT_PX = 16;

export interface RootScale {
  fontSizePx: number;
  /** Desktop only; 1 on mobile. */
  bodyZoom: number;
}

/** `value` rounded to `decimals` places (10 ** 3 is exactly 1000: the same numbers as before). */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function rootScale(windowWidth: number, isMobile: boolean): RootScale {
  const { designWidth, minPx } = isMobile ? RootFont.mobile : RootFont.desktop;
  const fontSizePx = Math.max(minPx, (BASE_FONT_PX * windowWidth) / designWidth);
  const bodyZoom = isMobile ? 1 : fontSizePx / BASE_FONT_PX;
  return { fontSizePx: roundTo(fontSizePx, 2), bodyZoom: roundTo(bodyZoom, 3) };
}

export const BODY_ZOOM_VAR = '--portal-body-zoom';

/** The style a px-sized element takes to follow the root font scaling. */
export const BODY_ZOOM_STYLE = { zoom: `var(${BODY_ZOOM_VAR}, 1)` } as const;

/** Applies the scale now and on every resize; returns the cleanup. */
export function startRootFontScaling(isMobile: boolean, win: Window = window): () => void {
  const apply = () => {
    const { fontSizePx, bodyZoom } = rootScale(
      win.document.documentElement.clientWidth || win.innerWidth,
      isMobile,
    );
    win.document.documentElement.style.fontSize = `${fontSizePx}px`;
    win.document.documentElement.style.setProperty(BODY_ZOOM_VAR, String(bodyZoom));
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}
