// The jigsaw piece's outline inside its square box: a body with a knob on top and one on the right.
// The same mask cuts the gap into the background and the piece out of the original picture.
import { CaptchaPuzzle } from '../../../contract/api/accounts';

const S = CaptchaPuzzle.pieceSize;
const KNOB = Math.round(S * 0.15);
const BODY = { left: 2, top: KNOB + 4, right: S - KNOB - 2, bottom: S - 2 };
const TOP_KNOB = { cx: (BODY.left + BODY.right) / 2, cy: BODY.top, r: KNOB };
const RIGHT_KNOB = { cx: BODY.right, cy: (BODY.top + BODY.bottom) / 2, r: KNOB };

function inCircle(x: number, y: number, c: { cx: number; cy: number; r: number }) {
  return (x - c.cx) ** 2 + (y - c.cy) ** 2 <= c.r ** 2;
}

/** Whether the pixel (x, y) of the piece's box belongs to the piece. */
export function insidePiece(x: number, y: number): boolean {
  const inBody = x >= BODY.left && x < BODY.right && y >= BODY.top && y < BODY.bottom;
  return inBody || inCircle(x + 0.5, y + 0.5, TOP_KNOB) || inCircle(x + 0.5, y + 0.5, RIGHT_KNOB);
}

/** A piece pixel next to a pixel outside the piece: where the outline is drawn. */
export function onPieceEdge(x: number, y: number): boolean {
  if (!insidePiece(x, y)) return false;
  return !insidePiece(x - 1, y) || !insidePiece(x + 1, y) || !insidePiece(x, y - 1) || !insidePiece(x, y + 1);
}
