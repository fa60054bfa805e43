// Bounds on the shape of JSON (issue 22 §1, Limits.json): how deep it nests, how many members
// (object keys and array items, in all) it holds, and how long its strings are. Every walk here is
// a loop over an explicit stack, never recursion: the point is to survive input built to exhaust
// the call stack.
import { Limits } from '../limits';

export interface JsonBounds {
  maxDepth: number;
  maxMembers: number;
  maxStringLength: number;
}

export const JSON_BOUNDS: JsonBounds = Limits.json;

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * Whether JSON text stays within the depth and member bounds, read in one pass over the characters
 * before anything is parsed. Malformed text is not judged here (the parser refuses it); the scan
 * only has to be right for text that parses.
 */
export function jsonTextWithin(text: string, bounds: Pick<JsonBounds, 'maxDepth' | 'maxMembers'>): boolean {
  // The open containers, innermost last: true for an array.
  const inArray: boolean[] = [];
  let members = 0;
  // Right after '[' or an array's ',': the next value is one more item.
  let awaitingItem = false;
  // Stryker disable next-line EqualityOperator: one step past the end reads NaN, which counts only when the text ends right after '[' or an array's ',', text that does not parse (not judged here)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (awaitingItem && c !== CLOSE_ARRAY) {
      awaitingItem = false;
      if (++members > bounds.maxMembers) return false;
    }
    if (c === QUOTE) {
      // Skip the string: an escaped character never ends it.
      // Stryker disable next-line EqualityOperator: past the end of an unclosed string both ends leave the outer loop at once, nothing is counted
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      inArray.push(c === OPEN_ARRAY);
      if (inArray.length > bounds.maxDepth) return false;
      awaitingItem = c === OPEN_ARRAY;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      inArray.pop();
      awaitingItem = false;
    } else if (c === COLON) {
      if (++members > bounds.maxMembers) return false;
    } else if (c === COMMA) {
      awaitingItem = inArray.at(-1) === true;
    }
  }
  return true;
}

/** Whether a parsed value stays within every bound (depth counts containers, as in the text). */
export function jsonValueWithin(value: unknown, bounds: JsonBounds = JSON_BOUNDS): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let members = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.length > bounds.maxStringLength) return false;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > bounds.maxDepth) return false;
    const children: unknown[] = Array.isArray(current) ? current : Object.values(current);
    members += children.length;
    if (members > bounds.maxMembers) return false;
    if (!Array.isArray(current)) {
      for (const key of Object.keys(current)) if (key.length > bounds.maxStringLength) return false;
    }
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return true;
}
