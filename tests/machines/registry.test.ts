// The registry is what diagrams and path coverage read, so its promises are checked here: every
// machine is listed once under its own id, every state names the spec section it implements, and
// machines stay pure (no import from the web app, the server, React or the DOM).
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { allStateNodes, statePathOf } from '../../src/tools/machineGraph/machineStructure';
import { isSpecReference } from '../../src/tools/machineGraph/signable';

const machinesDir = new URL('../../machines/', import.meta.url);

describe('machine registry', () => {
  it('lists each machine once, under the id the machine itself carries', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of machineRegistry) expect(entry.machine.id).toBe(entry.id);
  });

  it('registers every *.machine.ts file in machines/', async () => {
    const files = (await readdir(machinesDir)).filter((name) => name.endsWith('.machine.ts'));
    // By id: a machine exported with some effects already provided (machine.provide()) is the same chart.
    const registered = new Set(machineRegistry.map((entry) => entry.machine.id));
    for (const file of files) {
      const module = (await import(new URL(file, machinesDir).href)) as Record<string, unknown>;
      const machines = Object.values(module).filter(
        (value) => typeof value === 'object' && value !== null && 'root' in value && 'provide' in value,
      );
      expect(machines.length, `${file} exports a machine`).toBeGreaterThan(0);
      for (const machine of machines)
        expect(registered.has((machine as unknown as { id: string }).id), `${file} is registered`).toBe(true);
    }
  });

  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))(
    '%s: every state quotes the spec section it implements, or the decision behind its addition',
    (_id, entry) => {
      const withoutSpec = allStateNodes(entry.machine)
        .filter((node) => !isSpecReference((node.meta as { spec?: unknown } | undefined)?.spec))
        .map(statePathOf);
      expect(withoutSpec).toEqual([]);
    },
  );

  it('lifecycles are pure rules: no invoked actors and no context', () => {
    for (const entry of machineRegistry.filter((candidate) => candidate.kind === 'lifecycle')) {
      expect(
        allStateNodes(entry.machine).flatMap((node) => node.invoke),
        entry.id,
      ).toEqual([]);
      expect(entry.machine.config.context, entry.id).toBeUndefined();
    }
  });
});

describe('machines stay pure', () => {
  it('import only xstate, each other and src/contract', async () => {
    const files = (await readdir(machinesDir)).filter((name) => name.endsWith('.ts'));
    const offending: string[] = [];
    for (const file of files) {
      const source = await readFile(new URL(file, machinesDir), 'utf8');
      for (const [, specifier] of source.matchAll(
        /^\s*(?:import|export)\b(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm,
      )) {
        const allowed =
          specifier === 'xstate' ||
          (specifier?.startsWith('./') ?? false) ||
          (specifier?.startsWith('../src/contract/') ?? false);
        if (!allowed) offending.push(`${file}: ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
