// The API bench's core plan (bench/support/cpuPinning.ts): the load generator alone on the last
// core, the servers on the others; no separation, said so, with one core or without taskset.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { planCpus } from '../../bench/support/cpuPinning';

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('API bench core plan', () => {
  it('does not separate on one core, and says why', () => {
    expect(planCpus(1)).toEqual({ separated: false, serverCpus: [0], loadCpus: [0], reason: 'one core' });
  });

  it('gives the load generator the last core and the servers the others when taskset exists', () => {
    const plan = planCpus(4);
    if (hasTaskset) {
      expect(plan).toEqual({ separated: true, serverCpus: [0, 1, 2], loadCpus: [3] });
      expect(planCpus(2)).toEqual({ separated: true, serverCpus: [0], loadCpus: [1] });
    } else {
      expect(plan).toEqual({
        separated: false,
        serverCpus: [0, 1, 2, 3],
        loadCpus: [0, 1, 2, 3],
        reason: 'no taskset',
      });
    }
  });
});
