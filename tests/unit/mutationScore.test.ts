// The bench's mutation score (bench/support/mutationScore.ts) is Stryker's: detected (killed, timed
// out) over valid (detected, survived, no coverage); errors and ignored mutants do not count.
import { describe, expect, it } from 'vitest';
import {
  folderOf,
  mergeReports,
  mutationCoverage,
  mutationScores,
  splitMutateGlobs,
} from '../../bench/support/mutationScore';

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('mutation score', () => {
  it('counts killed and timed-out mutants as detected, survivors and uncovered ones as not', () => {
    const report = { files: { 'machines/a.ts': mutants('Killed', 'Timeout', 'Survived', 'NoCoverage') } };
    expect(mutationScores(report).all).toBe(50);
  });

  it('leaves ignored and error mutants out of the score', () => {
    const report = {
      files: { 'machines/a.ts': mutants('Killed', 'Ignored', 'CompileError', 'RuntimeError', 'Survived') },
    };
    expect(mutationScores(report).all).toBe(50);
  });

  it('scores each folder on its own and the whole over all mutants', () => {
    const report = {
      files: {
        'machines/a.ts': mutants('Killed', 'Killed', 'Killed', 'Survived'),
        'src/contract/b.ts': mutants('Killed', 'Killed'),
        'src/server/services/card/lifecycle.ts': mutants('Survived', 'Killed'),
      },
    };
    expect(mutationScores(report)).toEqual({
      all: 75,
      byFolder: { machines: 75, 'src/contract': 100, 'src/server/services/card': 50 },
    });
  });

  it('names folders by their first level, src/ by two and the server services by four', () => {
    expect(folderOf('machines/login.machine.ts')).toBe('machines');
    expect(folderOf('src/contract/api/card.ts')).toBe('src/contract');
    expect(folderOf('src/server/services/verification/sessionLifecycle.ts')).toBe(
      'src/server/services/verification',
    );
  });

  it('says how many files of the scope were measured and how many static mutants were not run', () => {
    const report = {
      files: {
        'machines/a.ts': {
          mutants: [
            { status: 'Killed' },
            { status: 'Ignored', statusReason: 'Static mutant (and "ignoreStatic" was enabled)' },
            { status: 'Ignored', statusReason: 'spec citation (documentation, held by the diagram check)' },
          ],
        },
        'machines/outside.ts': mutants('Killed'),
      },
    };
    expect(mutationCoverage(report, ['machines/a.ts', 'machines/b.ts', 'src/contract/c.ts'])).toEqual({
      measured: 1,
      inScope: 3,
      staticNotRun: 1,
    });
  });

  it('scores both configs as one: the server report adds its files to the first report', () => {
    const main = {
      files: { 'machines/a.ts': mutants('Killed', 'Survived'), 'src/contract/b.ts': mutants('Killed') },
    };
    const server = {
      files: { 'src/server/services/admin/approvals.ts': mutants('Killed', 'Killed', 'Killed', 'Survived') },
    };
    expect(mutationScores(mergeReports(main, server))).toEqual({
      // 5 detected of 7 over both reports (not the folders' mean, 75)
      all: 71.4,
      byFolder: { machines: 50, 'src/contract': 100, 'src/server/services/admin': 75 },
    });
    expect(mergeReports(main, { files: {} })).toEqual(main);
  });

  it('refuses a file both configs mutated (it would count twice)', () => {
    const report = { files: { 'machines/a.ts': mutants('Killed') } };
    expect(() => mergeReports(report, report)).toThrow('machines/a.ts is mutated by two configs');
  });

  it("sends MUTATION_FILES' server globs to the server config and the rest to the first", () => {
    expect(
      splitMutateGlobs([
        'machines/session.machine.ts',
        'src/server/services/card/lifecycle.ts:10-20',
        'src/contract/**/*.ts',
        '!src/server/services/admin/approvals.ts',
      ]),
    ).toEqual({
      main: ['machines/session.machine.ts', 'src/contract/**/*.ts'],
      server: ['src/server/services/card/lifecycle.ts:10-20', '!src/server/services/admin/approvals.ts'],
    });
  });
});
