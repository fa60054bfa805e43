// JSON shape bounds (issue 22 §1) at unit level: exactly at each bound is within, one more is not,
// for the text scan (before parsing) and the parsed walk alike. The server's fuzz tests reach these
// functions only through HTTP; these cases name the edges so a moved bound or a miscounted member
// fails here (issue 19 §2: the file's mutants had no covering test in the lean set).
import { describe, expect, it } from 'vitest';
import { JSON_BOUNDS, jsonTextWithin, jsonValueWithin } from '../../../../src/contract/validators/jsonBounds';

const bounds = { maxDepth: 3, maxMembers: 4, maxStringLength: 5 };
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('JSON bounds', () => {
  it('are the spec values: 32 levels, 10 000 members, 10 000 characters a string', () => {
    expect(JSON_BOUNDS).toEqual({ maxDepth: 32, maxMembers: 10_000, maxStringLength: 10_000 });
  });

  it('text: nesting up to the depth is within, one level more is not', () => {
    expect(jsonTextWithin(nested(3), bounds)).toBe(true);
    expect(jsonTextWithin(nested(4), bounds)).toBe(false);
    expect(jsonTextWithin('{"a":{"b":{"c":1}}}', bounds)).toBe(true);
    expect(jsonTextWithin('{"a":{"b":{"c":{}}}}', bounds)).toBe(false);
    // Closing a container gives its level back (2 + 2 members, 3 levels).
    expect(jsonTextWithin('[[[]],[[]]]', bounds)).toBe(true);
  });

  it('text: array items and object keys count as members, empty containers hold none', () => {
    expect(jsonTextWithin('[1,2,3,4]', bounds)).toBe(true);
    expect(jsonTextWithin('[1,2,3,4,5]', bounds)).toBe(false);
    expect(jsonTextWithin('{"a":1,"b":2,"c":3,"d":4}', bounds)).toBe(true);
    expect(jsonTextWithin('{"a":1,"b":2,"c":3,"d":4,"e":5}', bounds)).toBe(false);
    expect(jsonTextWithin('[[],[],[],[]]', bounds)).toBe(true);
    expect(jsonTextWithin('[ [ ] , [ ] , [ ] , [ ] , [ ] ]', bounds)).toBe(false);
    expect(jsonTextWithin('{"a":[1,2],"b":3}', bounds)).toBe(true);
    expect(jsonTextWithin('{"a":[1,2],"b":[3]}', bounds)).toBe(false);
  });

  it('text: brackets, colons and commas inside strings count for nothing, escaped quotes included', () => {
    expect(jsonTextWithin('["[[[[:,", "\\"[[[[,:"]', bounds)).toBe(true);
    expect(jsonTextWithin('{"k\\"{{{{:":"v"}', bounds)).toBe(true);
    expect(jsonTextWithin('\t[\n1,\r2 ]', bounds)).toBe(true);
  });

  it('text: JSON whitespace (space, tab, line feed, carriage return) is no member, even in an empty array', () => {
    // Four empty arrays are four members whatever whitespace they hold (RFC 8259 §2: ws).
    expect(jsonTextWithin('[[ ],[\t],[\n],[\r]]', bounds)).toBe(true);
    expect(jsonTextWithin('[ ]', { maxDepth: 1, maxMembers: 0 })).toBe(true);
  });

  it('text: closing an object gives its level back, as closing an array does', () => {
    expect(jsonTextWithin('[{},{},{},{}]', { maxDepth: 2, maxMembers: 4 })).toBe(true);
    expect(jsonTextWithin('{"a":{},"b":{},"c":{}}', { maxDepth: 2, maxMembers: 3 })).toBe(true);
  });

  it('parsed: depth, members and string lengths up to each bound are within, one more is not', () => {
    expect(jsonValueWithin([[[]]], bounds)).toBe(true);
    expect(jsonValueWithin([[[[]]]], bounds)).toBe(false);
    expect(jsonValueWithin([1, 2, 3, 4], bounds)).toBe(true);
    // Members of every level add up: 2 + 2 is within, 2 + 3 is not.
    expect(jsonValueWithin([1, [2, 3]], bounds)).toBe(true);
    expect(jsonValueWithin([1, [2, 3, 4]], bounds)).toBe(false);
    expect(jsonValueWithin({ a: 1, b: 2, c: 3, d: 4, e: 5 }, bounds)).toBe(false);
    expect(jsonValueWithin(['abcde', { k: 'fghij' }], bounds)).toBe(true);
    expect(jsonValueWithin(['abcdef'], bounds)).toBe(false);
    expect(jsonValueWithin({ k: { abcdef: 1 } }, bounds)).toBe(false);
    expect(jsonValueWithin({ abcde: null }, bounds)).toBe(true);
    expect(jsonValueWithin('abcdef', bounds)).toBe(false);
    expect(jsonValueWithin(42, bounds)).toBe(true);
  });

  it('parsed: only containers count as levels, a number or a boolean in the deepest container is within', () => {
    expect(jsonValueWithin([[[1, true]]], bounds)).toBe(true);
    expect(jsonValueWithin({ a: { b: { c: false } } }, bounds)).toBe(true);
  });

  it("parsed: an array's items have no keys, so only object keys are held to the string length", () => {
    const noStrings = { maxDepth: 1, maxMembers: 2, maxStringLength: 0 };
    expect(jsonValueWithin([1, 2], noStrings)).toBe(true);
    expect(jsonValueWithin({ k: 1 }, noStrings)).toBe(false);
  });

  it('parsed: the default bounds are the spec values', () => {
    expect(jsonValueWithin(['x'.repeat(10_000)])).toBe(true);
    expect(jsonValueWithin(['x'.repeat(10_001)])).toBe(false);
  });
});
