// The uploaded name is a display label only: no path, no invisible characters, the extension of
// the content, and a Content-Disposition no browser can misread.
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, displayName } from '../../../src/server/storage/fileName';

describe('displayName', () => {
  it.each([
    ['../../etc/passwd.png', 'image/png', 'passwd.png'],
    ['..\\..\\windows\\system32\\x.pdf', 'application/pdf', 'x.pdf'],
    ['/abs/path/photo.JPEG', 'image/jpeg', 'photo.JPEG'],
    ['营业执照.pdf', 'application/pdf', '营业执照.pdf'],
    ['report.exe', 'application/pdf', 'report.exe.pdf'],
    ['invoice\u202Egnp.exe', 'image/png', 'invoicegnp.exe.png'], // right-to-left override removed
    ['a\r\nb\u0000.png', 'image/png', 'ab.png'],
    ['  ...hidden.png  ', 'image/png', 'hidden.png'],
    ['', 'image/png', 'file.png'],
    ['../', 'application/pdf', 'file.pdf'],
  ] as const)('%j as %s → %j', (raw, type, expected) => {
    expect(displayName(raw, type)).toBe(expected);
  });

  it('undefined (no filename in the part) → file.<ext>', () => {
    expect(displayName(undefined, 'image/jpeg')).toBe('file.jpg');
  });

  it('a long name is cut to 120 characters, keeping its extension, without splitting a character', () => {
    const name = displayName(`${'文'.repeat(200)}😀😀.pdf`, 'application/pdf');
    expect([...name]).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/); // no lone surrogate
  });
});

describe('attachmentDisposition', () => {
  it('always an attachment, with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('营业执照 (1).pdf')).toBe(
      `attachment; filename="____ _1_.pdf"; filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7%20%281%29.pdf`.replace(
        '____ _1_.pdf',
        '____ (1).pdf',
      ),
    );
  });

  it('quotes, backslashes, semicolons and percent signs cannot break out of the header value', () => {
    const header = attachmentDisposition('a";b\\c%20.png');
    expect(header).toBe(`attachment; filename="a__b_c_20.png"; filename*=UTF-8''a%22%3Bb%5Cc%2520.png`);
    expect(header.match(/"/g)).toHaveLength(2);
  });
});
