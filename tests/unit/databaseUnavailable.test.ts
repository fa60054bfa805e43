// Which errors are an outage (503 "try again later") and which are bugs (500): the classifier the
// error handler uses. The real outage is exercised in tests/server/faults/databaseRestart.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';

function pgError(code: string): Error {
  return Object.assign(new Error('from the server'), { code, severity: 'FATAL' });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['admin shutdown', pgError('57P01')],
    ['starting up', pgError('57P03')],
    ['connection exception class 08', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['node-postgres cut connection', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by drizzle', Object.assign(new Error('Failed query: select 1'), { cause: pgError('57P01') })],
  ])('%s is an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a unique violation', pgError('23505')],
    ['a data exception', pgError('22P02')],
    ['a syntax error', pgError('42601')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
