// Upload memory (issue 10 §1): 20 concurrent uploads of 10 MB (exactly the limit) through the real
// POST /plat/files (multipart), while the server process' resident set size is sampled from
// /proc/<pid>/status. Streaming to disk keeps the growth small; buffering whole files would add
// ~200 MB. Budget: peak − baseline ≤ 64 MB. The baseline is taken after a warm-up of single uploads,
// so loaded code and open connections are not counted as growth — and nothing concurrent ran yet
// that could hide buffering in an already grown heap.
//
// Run twice (issue 18 §2): on the local-disk driver (the figures' historic names) and on the S3
// driver against s3rver started in this process (names with `S3`): the server's RSS only, since
// s3rver is not in the server's process tree.
import type { BenchFigure } from './benchFigure';
import { Limits, MB } from '../src/contract/limits';
import { upload, type Caller } from '../tests/server/certification/support';
import { pngOfSize } from '../tests/server/storage/support';
import { startS3Server, TEST_BUCKET } from '../tests/support/s3Server';
import { createActiveApplicants, logIn } from './support/portalAccounts';
import { LoopbackAddresses } from './support/portalHttp';
import { startBenchPortal } from './support/portalServer';
import { asTestApp } from './support/portalTestApp';

const CONCURRENT = 20;
const RSS_BUDGET_MB = 64;
const SAMPLE_EVERY_MS = 5;

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  // Quick mode changes nothing here: 20 × 10 MB is already a few seconds.
  void options;
  const local = await measureDriver({}, '');
  const s3 = await startS3Server();
  try {
    const env = {
      STORAGE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    return [...local, ...(await measureDriver(env, 'S3'))];
  } finally {
    await s3.close();
  }
}

/** The figures for one storage driver; `tag` goes into their names after "upload". */
async function measureDriver(env: Record<string, string>, tag: string): Promise<BenchFigure[]> {
  const portal = await startBenchPortal({ env });
  try {
    const [account] = await createActiveApplicants(portal, 1);
    const { token, user } = await logIn(portal, account!, new LoopbackAddresses().take());
    const caller: Caller = {
      signedIn: {
        token,
        userId: user.userId,
        companyId: user.companyId,
        email: user.email,
        headers: { authorization: `Bearer ${token}` },
      },
      headers: { authorization: `Bearer ${token}`, language: '1' },
    };
    const t = asTestApp(portal);
    const file = pngOfSize(Limits.upload.maxBytes);

    for (let i = 0; i < 2; i++) await upload(t, caller, 'businessLicense', file);
    const baseline = portal.rssBytes();

    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, portal.rssBytes());
    }, SAMPLE_EVERY_MS);
    let ids: string[];
    const started = performance.now();
    try {
      ids = await Promise.all(
        Array.from({ length: CONCURRENT }, () => upload(t, caller, 'businessLicense', file)),
      );
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, portal.rssBytes());
    if (new Set(ids).size !== CONCURRENT) throw new Error(`expected ${CONCURRENT} stored files, got ${ids.length}`);

    return [
      {
        name: `upload${tag}RssGrowthMB`,
        value: (peak - baseline) / MB,
        unit: 'MB',
        budget: { max: RSS_BUDGET_MB },
      },
      { name: `upload${tag}RssBaselineMB`, value: baseline / MB, unit: 'MB' },
      {
        name: `upload${tag}ConcurrentMBPerSec`, value: (CONCURRENT * Limits.upload.maxBytes) / MB / seconds,
        unit: 'MB/s',
      },
    ];
  } finally {
    await portal.close();
  }
}
