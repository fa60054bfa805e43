// The table `npm run bench` prints: figure, value, unit, budget, ok/OVER; then what was not measured.
import type { BenchFigure } from '../benchFigure';
import type { JudgedFigure, ModuleProblem } from './runnerBudget';

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function formatBudget(budget: BenchFigure['budget']): string {
  const parts: string[] = [];
  if (budget?.min !== undefined) parts.push(`≥ ${budget.min}`);
  if (budget?.max !== undefined) parts.push(`≤ ${budget.max}`);
  return parts.length > 0 ? parts.join(', ') : '—';
}

export function formatTable(figures: readonly JudgedFigure[], problems: readonly ModuleProblem[]): string {
  const rows = [
    ['figure', 'value', 'unit', 'budget', 'result'],
    ...figures.map((f) => [
      f.name,
      formatValue(f.value),
      f.unit,
      formatBudget(f.budget),
      f.budget ? (f.ok ? 'ok' : 'OVER') : f.ok ? '(no budget)' : 'BROKEN',
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  const line = (r: string[]) =>
    r.map((cell, col) => (col === 1 ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!))).join('  ');
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  for (const p of problems) out.push(`${p.module}: ${p.kind.toUpperCase()} — ${p.message}`);
  return out.join('\n');
}
