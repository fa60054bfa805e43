// The machine diagrams page lists every registered machine with its diagram and tables (issue 9 §2);
// the support replay page refuses a snapshot of another version or an unknown machine with a clear
// message, never a crash, and highlights the state of a valid one (issue 9 §4).
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineVersion } from '../../../machines/machineVersion';
import { machineRegistry, registryEntry } from '../../../machines/registry';
import { AdminMachinesPage, AdminSupportPage } from '../../../src/web/features/admin/AdminPages';
import {
  exportSupportSnapshot,
  supportSnapshotText,
} from '../../../src/web/features/support/snapshot/supportSnapshot';
import { renderAdminPage, signInAsReviewer } from './renderAdmin';

beforeEach(signInAsReviewer);
afterEach(cleanup);

/**
 * How many visible tables of the page carry each accessible name: what one getByRole('table',
 * { name }) a table checks (the role, the name, not hidden, exactly one), in one pass. The page has
 * six tables a machine; a getByRole works out every table's name each time it is called, which made
 * one query a table cost the file most of its half minute.
 */
function visibleTablesByName(): Map<string, number> {
  const names = new Map<Element, string>();
  const visible = screen.getAllByRole('table', {
    name: (name, element) => {
      names.set(element, name);
      return true;
    },
  });
  const counts = new Map<string, number>();
  for (const table of visible) counts.set(names.get(table)!, (counts.get(names.get(table)!) ?? 0) + 1);
  return counts;
}

/** The elements labelled "Mermaid source of …", by label, in one pass (as for the tables). */
function mermaidSourcesByLabel(): Map<string, HTMLElement[]> {
  const labels = new Map<Element, string>();
  const found = screen.getAllByLabelText((label, element) => {
    const hit = label.startsWith('Mermaid source of ');
    if (hit && element) labels.set(element, label);
    return hit;
  });
  const byLabel = new Map<string, HTMLElement[]>();
  for (const element of found) {
    const label = labels.get(element);
    if (label === undefined) throw new Error(`no label recorded for ${element.outerHTML.slice(0, 120)}`);
    byLabel.set(label, [...(byLabel.get(label) ?? []), element]);
  }
  return byLabel;
}

function paste(text: string) {
  fireEvent.change(screen.getByLabelText(/Support snapshot/), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
}

describe('machine diagrams page', { timeout: 60_000 }, () => {
  it('shows every registered machine with its Mermaid source, states and events', async () => {
    renderAdminPage(AdminMachinesPage, '/admin/machines');
    await screen.findByRole('heading', { name: 'Machine diagrams' });
    const tables = visibleTablesByName();
    const sources = mermaidSourcesByLabel();
    for (const entry of machineRegistry) {
      const source = sources.get(`Mermaid source of ${entry.id}`) ?? [];
      expect(source, `Mermaid source of ${entry.id}`).toHaveLength(1);
      expect(source[0]!.textContent).toMatch(/^stateDiagram-v2/);
      expect(tables.get(`States of ${entry.id}`), `States of ${entry.id}`).toBe(1);
      expect(tables.get(`Events of ${entry.id}`), `Events of ${entry.id}`).toBe(1);
    }
    expect(document.querySelectorAll('[data-machine]').length).toBe(machineRegistry.length);
    const review = screen.getByRole('table', { name: 'States of reviewDecision' });
    expect(
      within(review).getByText(
        'addition: two reviewers at once, exactly one wins, the other is told — docs/decisions/small-decisions.md "Back-office decisions and concurrency"',
      ),
    ).toBeTruthy();
  });

  it("lists each machine's guards (what each checks), delays (value and contract limit) and actions", async () => {
    renderAdminPage(AdminMachinesPage, '/admin/machines');
    await screen.findByRole('heading', { name: 'Machine diagrams' });
    const tables = visibleTablesByName();
    for (const entry of machineRegistry) {
      for (const kind of ['Guards', 'Delays', 'Actions'])
        expect(tables.get(`${kind} of ${entry.id}`), `${kind} of ${entry.id}`).toBe(1);
    }
    const cells = (name: string, first: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === first)
        ?.querySelectorAll('td');
    const lockout = cells('Delays of login', 'lockoutPeriod');
    expect([...(lockout ?? [])].map((cell) => cell.textContent)).toEqual([
      'lockoutPeriod',
      '1800000',
      'Limits.login.lockoutMs',
      'fixed',
    ]);
    expect(cells('Guards of login', 'slider solved')?.[1]?.textContent).toMatch(/context\.sliderSolved/);
    expect(cells('Actions of login', 'refresh puzzle')?.[1]?.textContent).toBe('effect provided by the app');
    // The back office's own charts: a machine with no delay says so instead of hiding the table.
    expect(
      within(screen.getByRole('table', { name: 'Delays of reviewDecision' })).getByText('None'),
    ).toBeTruthy();
    expect(cells('Guards of approvalLifecycle', 'someone other than the proposer')).toBeTruthy();
  });
});

describe('support replay page', { timeout: 30_000 }, () => {
  const entry = registryEntry('reviewDecision')!;
  const snapshotText = (patch: Record<string, unknown> = {}) => {
    const actor = createActor(entry.machine);
    actor.start();
    actor.send({ type: 'user.decide', decision: { kind: 'reject', reason: 'Mei Chen lied' } });
    const snapshot = exportSupportSnapshot('reviewDecision', actor);
    actor.stop();
    return supportSnapshotText({ ...snapshot, ...patch });
  };

  it('refuses a snapshot of another version, an unknown machine and garbage, without crashing', async () => {
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    const version = machineVersion(entry.machine);
    paste(snapshotText({ version: `${version}0` }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `This snapshot is from version ${version}0 of "reviewDecision"; this portal runs version ${version}. It cannot be replayed here.`,
    );
    paste(snapshotText({ machine: 'noSuchMachine' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This portal has no machine named "noSuchMachine".',
    );
    paste('{ not json');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is not a snapshot: the text is not valid JSON.',
    );
    paste(snapshotText({ snapshot: { value: 'noSuchState', context: {} } }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not exist in "reviewDecision"/);
    expect(screen.queryByRole('table', { name: 'States of reviewDecision' })).toBeNull();
  });

  it('highlights the current state and shows the redacted context read-only', async () => {
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    paste(snapshotText());
    const states = await screen.findByRole('table', { name: 'States of reviewDecision' });
    const current = within(states)
      .getAllByRole('row')
      .filter((row) => row.getAttribute('data-active') === 'true');
    expect(current.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'confirming current',
    ]);
    const context = screen.getByLabelText('Snapshot context').textContent ?? '';
    expect(context).toContain('"kind": "reject"');
    expect(context).toContain('"reason": "‹text›"');
    expect(context).not.toContain('Mei');
  });
});
