// Every effect a chart declares is a placeholder named after the implementation it stands for
// (machines/notProvided.ts): a forgotten `provide()` then fails naming exactly what to supply, and
// the path replay and the diagrams (src/tools/machineGraph) tell placeholders apart by that name.
// Loaded through import.meta.glob, like chartsLoad.test.ts, so a chart that throws at import fails
// a named test here instead of dropping this file.
import { describe, expect, it } from 'vitest';
import { notProvidedName } from '../../machines/notProvided';

const charts = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts');

interface Implementations {
  actors?: Record<string, unknown>;
  actions?: Record<string, unknown>;
}

function machinesOf(module: Record<string, unknown>) {
  return Object.values(module).filter(
    (value): value is { implementations: Implementations } =>
      typeof value === 'object' && value !== null && 'implementations' in value && 'config' in value,
  );
}

describe('placeholders', () => {
  it.each(Object.keys(charts))('%s: each placeholder is named after its key', async (file) => {
    const named: Array<[string, string | undefined]> = [];
    for (const machine of machinesOf(await charts[file]!())) {
      for (const kind of ['actors', 'actions'] as const) {
        for (const [key, implementation] of Object.entries(machine.implementations[kind] ?? {})) {
          const name = notProvidedName(implementation);
          if (name !== undefined) named.push([key, name]);
        }
      }
    }
    expect(named).toEqual(named.map(([key]) => [key, key]));
  });

  it('the account flows declare their calls and effects as placeholders', async () => {
    const expected: Record<string, string[]> = {
      'registration.machine.ts': ['send code', 'register', 'resend activation mail', 'refresh puzzle'],
      'passwordReset.machine.ts': [
        'send reset mail',
        'refresh puzzle',
        'check reset link',
        'reset password',
        'go to login',
      ],
      'login.machine.ts': ['sign in', 'start session', 'refresh puzzle'],
      'captcha.machine.ts': ['load puzzle', 'verify answer'],
      'activation.machine.ts': ['activate account', 'resend activation mail'],
      'changePassword.machine.ts': ['change password'],
      'faceOverride.machine.ts': ['submit override', 'override recorded'],
      'upload.machine.ts': ['upload file'],
    };
    for (const [file, names] of Object.entries(expected)) {
      const found: string[] = [];
      for (const machine of machinesOf(await charts[`../../machines/${file}`]!())) {
        for (const kind of ['actors', 'actions'] as const) {
          for (const implementation of Object.values(machine.implementations[kind] ?? {})) {
            const name = notProvidedName(implementation);
            if (name !== undefined) found.push(name);
          }
        }
      }
      expect(found.sort(), file).toEqual([...names].sort());
    }
  });
});
