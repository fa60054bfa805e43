import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.env).toBe('development');
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.devTools).toBe(true);
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads documents with PaddleOCR unless DOCUMENT_OCR_ENGINE names Tesseract', () => {
    expect(loadConfig({}).documentOcrEngine).toBe('paddle');
    expect(loadConfig({ DOCUMENT_OCR_ENGINE: 'tesseract' }).documentOcrEngine).toBe('tesseract');
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['APP_ENV', { APP_ENV: 'staging' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['SENTRY_DSN', { SENTRY_DSN: 'nope' }],
    ['CHECKOUT_BASE_URL', { CHECKOUT_BASE_URL: '::' }],
    ['DOCUMENT_OCR_ENGINE', { DOCUMENT_OCR_ENGINE: 'easyocr' }],
  ])('a bad %s stops the start with a message naming it', (variable, env) => {
    const err = problemsOf(env);
    expect(err.problems.map((p) => p.variable)).toContain(variable);
    expect(err.message).toContain(variable);
  });

  it('names every bad variable at once', () => {
    const err = problemsOf({ PORT: 'x', APP_ENV: 'nope' });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(['APP_ENV', 'PORT']);
  });

  it('takes the base addresses of the environment unless one is set', () => {
    const prod = loadConfig({ APP_ENV: 'production' });
    expect(prod.devTools).toBe(false);
    expect(prod.baseAddresses.checkout).toMatch(/^https:\/\//);
    const custom = loadConfig({ APP_ENV: 'sandbox', CHECKOUT_BASE_URL: 'https://cards.example.com' });
    expect(custom.baseAddresses.checkout).toBe('https://cards.example.com');
    expect(custom.baseAddresses.identity).toContain('sandbox');
  });

  it('treats an empty DATABASE_URL as unset (embedded) and accepts postgres URLs', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).databaseUrl).toBe(
      'postgres://u:p@127.0.0.1:5432/db',
    );
  });

  it('the slider puzzle work is full size unless scaled; tests shrink it; a nonsense scale stops the start', () => {
    expect(loadConfig({}).captchaWorkScale).toBe(1);
    expect(loadConfig({ APP_ENV: 'production' }).captchaWorkScale).toBe(1);
    expect(loadConfig({ APP_ENV: 'test' }).captchaWorkScale).toBe(0.01);
    expect(loadConfig({ APP_ENV: 'production', CAPTCHA_WORK_SCALE: '2' }).captchaWorkScale).toBe(2);
    expect(problemsOf({ CAPTCHA_WORK_SCALE: '0' }).problems[0]!.variable).toBe('CAPTCHA_WORK_SCALE');
    expect(problemsOf({ CAPTCHA_WORK_SCALE: 'lots' }).problems[0]!.variable).toBe('CAPTCHA_WORK_SCALE');
  });
});
