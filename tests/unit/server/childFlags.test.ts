// The flags that keep the supervisor's children small (issue 31 §1): a young generation of 8 MB for
// an HTTP worker (its requests allocate) and 2 MB for the engine, one V8 background thread for an
// HTTP worker; a compiled worker without tsx's loader and with Node's source maps; a value the
// operator gave (the supervisor's own flags or NODE_OPTIONS) is left alone.
import { describe, expect, it } from 'vitest';
import {
  CHILD_SEMI_SPACE_MB,
  childExecArgv,
  WORKER_SEMI_SPACE_MB,
  WORKER_V8_POOL_SIZE,
  withoutTsx,
  workerExecArgv,
} from '../../../src/server/process/childFlags';

describe('child process flags', () => {
  it('gives an HTTP worker its own young generation and one V8 background thread', () => {
    expect(WORKER_SEMI_SPACE_MB).toBe(8);
    expect(workerExecArgv(['--import', 'tsx'], '')).toEqual([
      '--import',
      'tsx',
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
      `--v8-pool-size=${WORKER_V8_POOL_SIZE}`,
    ]);
  });

  it('gives the engine process the small young generation only', () => {
    expect(CHILD_SEMI_SPACE_MB).toBe(2);
    expect(childExecArgv(['--import', 'tsx'], '')).toEqual([
      '--import',
      'tsx',
      `--max-semi-space-size=${CHILD_SEMI_SPACE_MB}`,
    ]);
  });

  it('keeps what the operator set, on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--v8-pool-size=4'], '--max-semi-space-size=8')).toEqual(['--v8-pool-size=4']);
    expect(childExecArgv(['--max-semi-space-size=16'], '')).toEqual(['--max-semi-space-size=16']);
  });

  it("drops tsx's loader for a compiled worker, in every spelling, and keeps every other flag", () => {
    expect(
      withoutTsx([
        '--require',
        '/app/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///app/node_modules/tsx/dist/loader.mjs',
        '--import=tsx',
        '--import',
        'tsx/esm',
        '--import',
        './otel.mjs',
        '--max-old-space-size=512',
      ]),
    ).toEqual(['--import', './otel.mjs', '--max-old-space-size=512']);
    expect(workerExecArgv(['--import', 'tsx'], '', { compiled: true })).toEqual([
      '--enable-source-maps',
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
      `--v8-pool-size=${WORKER_V8_POOL_SIZE}`,
    ]);
  });
});
