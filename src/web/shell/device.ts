// Is this a phone or tablet? User agent first; a touch screen with a narrow viewport also counts
// (iPadOS and some Android browsers ask for the desktop site). Pure, plus the browser reading.

export interface DeviceSignals {
  userAgent: string;
  maxTouchPoints: number;
  viewportWidth: number;
}

const MOBILE_UA =
  /Android|iPhone|iPad|iPod|Mobile|Windows Phone|HarmonyOS|MicroMessenger|BlackBerry|webOS|Opera Mini/i;
/** Narrower than this, a touch device is treated as mobile. */
export const MOBILE_MAX_VIEWPORT = 768;

export function isMobileDevice({ userAgent, maxTouchPoints, viewportWidth }: DeviceSignals): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  // iPadOS 13+ reports a Mac user agent; it is the only "Mac" with a multi-touch screen.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return true;
  return maxTouchPoints > 0 && viewportWidth > 0 && viewportWidth <= MOBILE_MAX_VIEWPORT;
}

export function detectMobile(win: Window = window): boolean {
  return isMobileDevice({
    userAgent: win.navigator.userAgent,
    maxTouchPoints: win.navigator.maxTouchPoints ?? 0,
    viewportWidth: win.innerWidth,
  });
}
