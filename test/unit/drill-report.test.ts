import { describe, expect, it } from 'vitest';
import type { Row } from '../../bench/drills/ledger.ts';
import { report } from '../../bench/drills/report.ts';

const row = (drill: string, served: number, charged: number, mayCreate?: number): Row => ({
  drill,
  sent: served,
  statuses: Array.from({ length: served }, () => 200),
  reserved: served,
  charged,
  refunded: served - charged,
  lost: Math.max(0, charged - served),
  created: Math.max(0, served - charged),
  ...(mayCreate !== undefined && { mayCreate }),
  checks: [{ text: 'its own check', ok: true }],
});
const run = (rows: Row[]) =>
  report({
    startedAt: new Date('2026-11-26T00:00:00Z'),
    versions: { opensearch: '3.6.0', redis: '7.0.15' },
    ledgerOn: true,
    rows,
    work: '',
    ok: true,
  });

describe('the drills report', () => {
  it('says 0 created only when no call went free', () => {
    expect(run([row('1. stall', 10, 10)])).toContain('every drill ended with 0 credits lost and 0 created');
  });

  it('names the calls a kill let go free instead of rounding them to 0', () => {
    const text = run([row('1. stall', 10, 10), row('7. SIGKILL', 15, 14, 3)]);
    expect(text).not.toContain('0 created');
    expect(text).toContain('1 call answered in the instant before a kill went free, within what its drill allows');
  });
});
