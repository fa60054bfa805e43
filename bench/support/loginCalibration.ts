// What one argon2id verification at the server's parameters costs on this machine, measured here
// (one at a time, on the bench's side): the login floor is stated relative to it, so the budget
// means the same on a fast and a slow machine.
import { hashPassword, verifyPassword } from '../../src/server/security/passwords';
import { median } from './runnerStats';

export async function argon2VerifyMs(samples = 7): Promise<number> {
  const hash = await hashPassword('Calibrate#Pass1');
  await verifyPassword(hash, 'Calibrate#Pass1'); // first call loads and warms the native module
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    if (!(await verifyPassword(hash, 'Calibrate#Pass1'))) throw new Error('argon2 calibration failed');
    times.push(performance.now() - started);
  }
  return median(times);
}
