import { describe, expect, it } from 'vitest';
import { isValidWebsite } from '../../../../src/contract/validators/website';

describe('isValidWebsite', () => {
  it.each([
    'https://www.example.com',
    'http://example.com',
    'https://example.com/about?lang=en#team',
    'https://shop.example.co.uk:8443/path',
    'HTTPS://EXAMPLE.COM',
    'https://xn--fiqs8s.xn--55qx5d.cn',
    // The spec's 2048 characters, exactly; a host label of 63 characters, the DNS maximum.
    `https://example.com/${'a'.repeat(2028)}`,
    `https://${'a'.repeat(63)}.example.com`,
    // A host label of one character; a top-level domain that is an IDNA A-label (.中国).
    'https://x.example.com',
    'https://example.xn--fiqs8s',
  ])('accepts %s', (url) => {
    expect(isValidWebsite(url)).toBe(true);
  });

  it.each([
    ['no scheme', 'www.example.com'],
    ['ftp', 'ftp://example.com'],
    ['javascript', 'javascript:alert(1)'],
    ['credentials', 'https://user:pass@example.com'],
    ['a user name alone', 'https://user@example.com'],
    ['a password alone', 'https://:secret@example.com'],
    ['a scheme that only ends in http', 'xhttps://example.com'],
    ['a host label of 64 characters', `https://${'a'.repeat(64)}.example.com`],
    ['a host label starting with a hyphen', 'https://-shop.example.com'],
    ['a host label ending with a hyphen', 'https://shop-.example.com'],
    ['an underscore in a host label', 'https://my_shop.example.com'],
    ['a digit in the top-level domain', 'https://example.com1'],
    ['a bare IP address', 'http://192.168.1.1'],
    ['an intranet name', 'http://intranet'],
    ['localhost', 'http://localhost:3000'],
    ['a space', 'https://exa mple.com'],
    ['a one-letter top-level domain', 'https://example.c'],
    ['scheme only', 'https://'],
    ['longer than 2048 characters', `https://example.com/${'a'.repeat(2040)}`],
    ['empty', ''],
  ])('refuses %s', (_label, url) => {
    expect(isValidWebsite(url)).toBe(false);
  });
});
