// STORAGE and S3_* (issue 18 §2): local by default; s3 needs a bucket; keys come in pairs or not at all.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => p.variable).sort();
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('storage configuration', () => {
  it('is the local disk with nothing set', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
  });

  it('STORAGE=s3 takes the bucket, endpoint, region, prefix and keys from the environment', () => {
    const { storage } = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(storage).toEqual({
      driver: 's3',
      s3: {
        bucket: 'portal-files',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-1',
        keyPrefix: 'files/',
        forcePathStyle: true,
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        timeoutMs: 30_000,
        maxAttempts: 3,
      },
    });
  });

  it('without keys the AWS credential chain is used, and AWS itself wants virtual-host buckets', () => {
    const { storage } = loadConfig({ STORAGE: 's3', S3_BUCKET: 'portal-files' });
    expect(storage).toMatchObject({
      s3: { credentials: undefined, endpoint: undefined, forcePathStyle: false },
    });
  });

  it.each([
    [['S3_BUCKET'], { STORAGE: 's3' }],
    [['S3_BUCKET'], { STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' }],
    [['S3_SECRET_ACCESS_KEY'], { STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' }],
    [['S3_ACCESS_KEY_ID'], { STORAGE: 's3', S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'x' }],
    [['STORAGE'], { STORAGE: 'ftp' }],
    [['S3_ENDPOINT'], { STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'not a url' }],
    [['S3_KEY_PREFIX'], { S3_KEY_PREFIX: '../x' }],
  ])('names %j when wrong', (variables, env) => {
    expect(problemsOf(env)).toEqual(variables);
  });
});
