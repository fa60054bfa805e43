// Upload memory (issue 10 §1): 20 concurrent uploads of 10 MB (exactly the limit) through the real
// POST /plat/files (multipart), while the server process' resident set size is sampled from
// /proc/<pid>/status. Streaming to disk keeps the growth small; buffering whole files would add
// ~200 MB. Budget: peak − baseline ≤ 64 MB. The baseline is taken after a warm-up of single uploads,
// so loaded code and open connections are not counted as growth — and nothing concurrent ran yet
// that could hide buffering in an already grown heap.
import type { BenchFigure } from './benchFigure';
import { Limits, MB } from '../src/contract/limits';
import { upload, type Caller } from '../tests/server/certification/support';
import { pngOfSize } from '../tests/server/storage/support';
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
  const portal = await startBenchPortal();
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
        name: 'uploadRssGrowthMB',
        value: (peak - baseline) / MB,
        unit: 'MB',
        budget: { max: RSS_BUDGET_MB },
      },
      { name: 'uploadRssBaselineMB', value: baseline / MB, unit: 'MB' },
      { name: 'uploadConcurrentMBPerSec', value: (CONCURRENT * Limits.upload.maxBytes) / MB / seconds, unit: 'MB/s' },
    ];
  } finally {
    await portal.close();
  }
}
