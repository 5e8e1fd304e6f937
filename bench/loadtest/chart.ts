/**
 * The load test's chart, as an SVG the README shows: against the number of people, the request times (p50, p99),
 * the share of errors, and each process's CPU and memory. Four panels, one under the other, each with its own scale.
 */
import type { StepReport } from './ramp';

type Series = { name: string; values: number[] };

const WIDTH = 760;
const PANEL = 170;
const LEFT = 64;
const RIGHT = 180;
const TOP = 36;
const COLOURS = ['#1d4ed8', '#b91c1c', '#047857', '#a16207', '#7c3aed', '#0e7490', '#be185d', '#4b5563'];

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least the highest value. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= value)!;
}

function panel(
  top: number,
  title: string,
  unit: string,
  users: number[],
  series: Series[],
  limit?: number,
): string {
  const plotWidth = WIDTH - LEFT - RIGHT;
  const height = PANEL - 50;
  const max = niceMax(Math.max(limit ?? 0, ...series.flatMap((s) => s.values)));
  const x = (i: number) => LEFT + (users.length === 1 ? plotWidth / 2 : (i / (users.length - 1)) * plotWidth);
  const y = (v: number) => top + 24 + height - (v / max) * height;
  const parts = [
    `<text x="${LEFT}" y="${top + 14}" font-weight="600">${escape(title)}</text>`,
    `<line x1="${LEFT}" y1="${y(0)}" x2="${LEFT + plotWidth}" y2="${y(0)}" stroke="#6b7280"/>`,
    `<text x="${LEFT - 6}" y="${y(max) + 4}" text-anchor="end">${max} ${unit}</text>`,
    `<text x="${LEFT - 6}" y="${y(0) + 4}" text-anchor="end">0</text>`,
    ...users.map(
      (u, i) => `<text x="${x(i)}" y="${y(0) + 16}" text-anchor="middle" font-size="11">${u}</text>`,
    ),
  ];
  if (limit !== undefined) {
    parts.push(
      `<line x1="${LEFT}" y1="${y(limit)}" x2="${LEFT + plotWidth}" y2="${y(limit)}" stroke="#9ca3af" stroke-dasharray="4 4"/>`,
      `<text x="${LEFT + plotWidth - 4}" y="${y(limit) - 4}" text-anchor="end" font-size="11">limit ${limit} ${unit}</text>`,
    );
  }
  series.forEach((s, k) => {
    const colour = COLOURS[k % COLOURS.length];
    const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    s.values.forEach((v, i) => parts.push(`<circle cx="${x(i)}" cy="${y(v)}" r="3" fill="${colour}"/>`));
    const legendY = top + 30 + k * 16;
    parts.push(
      `<rect x="${WIDTH - RIGHT + 14}" y="${legendY - 9}" width="10" height="10" fill="${colour}"/>`,
      `<text x="${WIDTH - RIGHT + 30}" y="${legendY}" font-size="12">${escape(s.name)} (${s.values.at(-1)})</text>`,
    );
  });
  return parts.join('\n  ');
}

export function chart(steps: StepReport[], title: string): string {
  const users = steps.map((s) => s.users);
  const groups = [...new Set(steps.flatMap((s) => Object.keys(s.processes)))];
  const use = (pick: (u: { cpuPercent: number; memoryMiB: number }) => number) =>
    groups.map((name) => ({
      name,
      values: steps.map((s) => (s.processes[name] ? pick(s.processes[name]) : 0)),
    }));
  const panels = [
    panel(
      TOP,
      'Request time (ms)',
      'ms',
      users,
      [
        { name: 'p50', values: steps.map((s) => s.p50) },
        { name: 'p99', values: steps.map((s) => s.p99) },
        { name: 'chat p99', values: steps.map((s) => s.chat.p99) },
      ],
      500,
    ),
    panel(
      TOP + PANEL,
      'Errors (% of requests)',
      '%',
      users,
      [{ name: 'errors', values: steps.map((s) => s.errorPercent) }],
      0.1,
    ),
    panel(
      TOP + 2 * PANEL,
      'CPU (% of one core)',
      '%',
      users,
      use((u) => u.cpuPercent),
    ),
    panel(
      TOP + 3 * PANEL,
      'Memory (MiB, resident)',
      'MiB',
      users,
      use((u) => u.memoryMiB),
    ),
  ];
  const height = TOP + 4 * PANEL + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-label="${escape(title)}">
  <rect width="100%" height="100%" fill="#fff"/>
  <text x="${LEFT}" y="20" font-size="14" font-weight="700">${escape(title)}</text>
  <text x="${LEFT + (WIDTH - LEFT - RIGHT) / 2}" y="${height - 2}" text-anchor="middle" font-size="11">people at once</text>
  ${panels.join('\n  ')}
</svg>
`;
}
