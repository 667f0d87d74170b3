// The drills' result file, bench/results/drills-<date>.md: what the rule is, how reservations were counted, one
// table row per drill with its credits lost and created and its own checks, and Redis's work per billable call.
// Kept apart from the drills so the file's format is read and changed in one place.
import { machine } from '../machine.ts';
import { COST, type Row } from './ledger.ts';

/** What one run of the drills found. */
export interface Run {
  startedAt: Date;
  versions: { opensearch: string; redis: string };
  /** Whether the ledger counted reservations and refunds (Redis allowed CONFIG SET). */
  ledgerOn: boolean;
  rows: Row[];
  /** The Redis work section (bench/drills/redis-cost.ts). */
  work: string;
  /** Every drill ended with 0 credits lost and none created beyond what it allows, and met its own checks. */
  ok: boolean;
}

function answers(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) if (s < 200 || s >= 300) counts.set(s, (counts.get(s) ?? 0) + 1);
  const text = [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s === 0 ? 'closed' : s} × ${n}`);
  return text.join(', ') || '—';
}

function table(rows: Row[]): string {
  const shown = (n: number | undefined) => (n === undefined ? '?' : String(n));
  const lines = rows.map((r) =>
    [
      r.drill,
      r.sent,
      r.statuses.filter((s) => s >= 200 && s < 300).length,
      answers(r.statuses),
      shown(r.reserved),
      r.charged,
      shown(r.refunded),
      r.lost,
      r.created,
      r.checks.map((c) => `${c.ok === undefined ? 'seen:' : c.ok ? '✓' : '✗'} ${c.text}`).join('; '),
    ].join(' | '),
  );
  return [
    '| drill | calls sent | served (2xx) | other answers | reserved | charged | refunded | credits lost | credits created | the drill’s own checks |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...lines.map((l) => `| ${l} |`),
  ].join('\n');
}

/** The result line of a run whose drills all passed: what went free, if anything, is said rather than rounded to 0. */
function passed(rows: Row[]): string {
  const created = rows.reduce((sum, r) => sum + r.created, 0);
  return created === 0
    ? 'every drill ended with 0 credits lost and 0 created, and met its own checks.'
    : `every drill ended with 0 credits lost and met its own checks; ${created} call${created === 1 ? '' : 's'} answered in the instant before a kill went free, within what ${created === 1 ? 'its drill allows' : 'their drills allow'} (their rows).`;
}

export function report({ startedAt, versions, ledgerOn, rows, work, ok }: Run): string {
  const date = startedAt.toISOString().slice(0, 10);
  return `# Metering fault drills, ${date}

Run ${startedAt.toISOString()} with \`npm run drill\` (bench/drills.ts) against the local stack.
Machine: ${machine()}; OpenSearch ${versions.opensearch}, Redis ${versions.redis}; the app, OpenSearch and Redis run on it.

A billable call is charged if and only if its 2xx was sent: after each drill, once refunds have settled (neither
the balance nor Redis's count of credit moves changed for 2 s), charged (the balance's drop) must equal served ×
${COST} credit. **Credits lost** = charged − served, **created** = served − charged (when above 0); both must be 0,
except that a drill that kills the API process may see calls answered in the instant before the kill go free (no
time to confirm them): it states how many it allows.
${
  ledgerOn
    ? 'Reserved and refunded are counted by Redis: with keyspace notifications on, every HINCRBY on the account is ' +
      'a reservation or a refund that gave credits back, so reserved + refunded = those moves and reserved − refunded = charged.'
    : 'Reserved and refunded are unknown (?): Redis refused CONFIG SET notify-keyspace-events, which counts them.'
}
"closed" = the connection closed without an answer. Each drill has its own Redis key prefix; the data are 1000
generated creators (seed 7) under their own indices, deleted afterwards.

${table(rows)}

## Redis work per billable call

${work}

Result: ${ok ? passed(rows) : '**FAILED**: a drill lost or created credits, or missed one of its checks (✗).'}
`;
}
