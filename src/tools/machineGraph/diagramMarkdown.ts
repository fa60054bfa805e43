// Writes a reviewer's page for one machine: a Mermaid stateDiagram-v2 generated from the machine
// definition itself, then its states (with the spec section each implements), its transitions,
// guards (what each checks), delays (value and contract limit), actions and invoked actors. Pure and deterministic, with no Node imports: the CLI
// (src/tools/diagrams.ts) writes it to docs/machines/<id>.md and the back office can render it live.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { machineVersion } from '../../../machines/machineVersion';
import type { MachineRegistryEntry } from '../../../machines/registry';
import type { StateMeta } from '../../../machines/stateMeta';
import { actionRows, compareText, delayRows, guardRows } from './implementations';
import { allStateNodes, allTransitions, guardNameOf, statePathOf, triggerLabel } from './machineStructure';
import type { MachineTransition } from './machineStructure';

interface DrawnTransition {
  source: AnyStateNode;
  target: AnyStateNode;
  label: string;
}

function mermaidId(node: AnyStateNode): string {
  return node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_');
}

// The back office's event table imports it from here.
export { triggerLabel };

function transitionLabel(transition: MachineTransition): string {
  const guard = guardNameOf(transition.definition);
  const stays = transition.definition.target ? '' : ' (no state change)';
  return `${triggerLabel(transition)}${guard ? ` [${guard}]` : ''}${stays}`;
}

function drawnTransitions(machine: AnyStateMachine): DrawnTransition[] {
  return allTransitions(machine).flatMap((transition) => {
    const targets = transition.definition.target ?? [transition.source];
    return targets.map((target) => ({
      source: transition.source,
      target,
      label: transitionLabel(transition),
    }));
  });
}

function ancestorsOf(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node.parent; current; current = current.parent)
    chain.push(current);
  return chain;
}

/** The innermost state whose block must hold an arrow: Mermaid cannot draw into a sibling's block. */
function enclosingNode(transition: DrawnTransition): AnyStateNode {
  const targetAncestors = new Set(ancestorsOf(transition.target));
  return (
    ancestorsOf(transition.source).find((node) => targetAncestors.has(node)) ?? transition.source.machine.root
  );
}

function renderBlock(node: AnyStateNode, transitions: DrawnTransition[], indent: string): string[] {
  const children = Object.values(node.states);
  const lines: string[] = [];
  const initial = node.type === 'compound' ? node.initial.target[0] : undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    if (child.type === 'compound' || child.type === 'parallel') {
      lines.push(`${indent}state "${child.key}" as ${mermaidId(child)} {`);
      lines.push(...renderBlock(child, transitions, `${indent}  `));
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
    }
  });
  for (const child of children) {
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
  }
  for (const transition of transitions.filter((drawn) => enclosingNode(drawn) === node)) {
    lines.push(
      `${indent}${mermaidId(transition.source)} --> ${mermaidId(transition.target)} : ${transition.label}`,
    );
  }
  return lines;
}

/** The Mermaid stateDiagram-v2 source of a machine, generated from its definition. */
export function mermaidStateDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', ...renderBlock(machine.root, drawnTransitions(machine), '  ')];
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

function statesTable(machine: AnyStateMachine): string[] {
  const rows = allStateNodes(machine).map((node) => {
    const meta = (node.meta ?? {}) as Partial<StateMeta>;
    return [
      `\`${statePathOf(node)}\``,
      node.type,
      meta.spec ?? '—',
      meta.status ?? '—',
      [...node.tags].sort().join(', ') || '—',
    ];
  });
  return table(['State', 'Type', 'Spec', 'Stored status', 'Tags'], rows);
}

function transitionsTable(machine: AnyStateMachine): string[] {
  const rows = allTransitions(machine).flatMap((transition) => {
    const targets = transition.definition.target ?? [];
    const to = targets.length ? targets.map((target) => `\`${statePathOf(target)}\``).join(', ') : '(stays)';
    return [
      [
        triggerLabel(transition),
        `\`${statePathOf(transition.source)}\``,
        to,
        guardNameOf(transition.definition) ?? '—',
      ],
    ];
  });
  rows.sort((a, b) => compareText(a.join('\u0000'), b.join('\u0000')));
  return table(['Event', 'From', 'To', 'Guard'], rows);
}

export function humanDuration(ms: number): string {
  const units: Array<[number, string]> = [
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  const unit = units.find(([size]) => ms >= size && ms % size === 0);
  return unit ? `${ms / unit[0]} ${unit[1]}` : `${ms} ms`;
}

function guardsTable(machine: AnyStateMachine): string[] {
  const rows = guardRows(machine).map((row) => [`\`${row.name}\``, `\`${row.checks}\``]);
  if (rows.length === 0) return [];
  return ['', '## Guards', '', ...table(['Guard', 'Checks'], rows)];
}

function delaysTable(entry: MachineRegistryEntry): string[] {
  const rows = delayRows(entry).map((row) => [
    `\`${row.name}\``,
    row.ms === null ? '—' : `${row.ms} (${humanDuration(row.ms)})`,
    row.limit ?? '—',
    row.computed ?? 'fixed',
  ]);
  if (rows.length === 0) return [];
  return ['', '## Delays', '', ...table(['Delay', 'Milliseconds', 'Contract limit', 'At run time'], rows)];
}

function actionsTable(machine: AnyStateMachine): string[] {
  const rows = actionRows(machine).map((row) => [
    `\`${row.name}\``,
    row.kind,
    row.usedIn.length ? row.usedIn.join('; ') : '—',
  ]);
  if (rows.length === 0) return [];
  return ['', '## Actions', '', ...table(['Action', 'Kind', 'Runs'], rows)];
}

function invokesTable(machine: AnyStateMachine): string[] {
  const rows = allStateNodes(machine).flatMap((node) =>
    node.invoke.map((invoke) => [
      `\`${invoke.id}\``,
      typeof invoke.src === 'string' ? invoke.src : 'inline logic',
      `\`${statePathOf(node)}\``,
    ]),
  );
  if (rows.length === 0) return [];
  return ['', '## Invoked actors', '', ...table(['Invoke id', 'Actor', 'State'], rows)];
}

/** The whole reviewer page for a registered machine (docs/machines/<id>.md). */
export function machineDiagramMarkdown(entry: MachineRegistryEntry): string {
  const { machine } = entry;
  return [
    '<!-- Generated by `npm run diagrams` from machines/registry.ts. Do not edit: change the machine and regenerate. -->',
    `# ${entry.title}`,
    '',
    `Machine \`${entry.id}\` · version ${machineVersion(machine)} · ${entry.kind}`,
    '',
    '```mermaid',
    mermaidStateDiagram(machine),
    '```',
    '',
    '## States',
    '',
    ...statesTable(machine),
    '',
    '## Events',
    '',
    ...transitionsTable(machine),
    ...guardsTable(machine),
    ...delaysTable(entry),
    ...actionsTable(machine),
    ...invokesTable(machine),
    '',
  ].join('\n');
}
