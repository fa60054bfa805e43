// Rows of a page: engines return text pieces (PaddleOCR: one box per run of text; Tesseract: one per
// line). Pieces whose vertical extents mostly overlap sit on one row, read left to right, so a label
// and its value ("姓名" … "黄杰") end up in one row whatever the engine.
import type { Box } from '../../../contract/documents/reading';
import type { OcrLine, OcrPage } from './types';

export interface Row {
  page: number;
  pieces: OcrLine[];
  /** The pieces' text joined by one space. */
  text: string;
  /** The text without any white space (Chinese labels are often letter-spaced: "名 称"). */
  compact: string;
  box: Box;
}

const height = (b: Box) => Math.max(1, b[3] - b[1]);

function overlapRatio(a: Box, b: Box): number {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return overlap / Math.min(height(a), height(b));
}

function unionBox(boxes: readonly Box[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

export function compactText(text: string): string {
  return text.replace(/\s+/g, '');
}

function rowOf(page: number, pieces: OcrLine[]): Row {
  const sorted = [...pieces].sort((a, b) => a.box[0] - b.box[0]);
  const text = sorted.map((p) => p.text.trim()).join(' ');
  return { page, pieces: sorted, text, compact: compactText(text), box: unionBox(sorted.map((p) => p.box)) };
}

/** Groups one page's pieces into rows, top to bottom. */
export function rowsOfPage(page: OcrPage, pageIndex = 0): Row[] {
  const pieces = page.lines
    .filter((l) => l.text.trim() !== '')
    .sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
  const groups: OcrLine[][] = [];
  for (const piece of pieces) {
    // Against the row's first (topmost) piece only: on a tilted photo, matching any piece chains one
    // row's right end to the next row's left ("名称 …公司" and "类型 …（法人独资）" became one row).
    const group = groups.find((g) => g[0] !== undefined && overlapRatio(g[0].box, piece.box) > 0.5);
    if (group) group.push(piece);
    else groups.push([piece]);
  }
  return groups.map((g) => rowOf(pageIndex, g));
}

export function rowsOfPages(pages: readonly OcrPage[]): Row[] {
  return pages.flatMap((p, i) => rowsOfPage(p, i));
}
