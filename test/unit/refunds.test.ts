import { describe, expect, it } from 'vitest';
import { Refunds } from '../../src/access/refunds.ts';
import { Metrics } from '../../src/metrics.ts';

describe('refunds', () => {
  it('log and count a charged call whose record Redis no longer has, never taking it for delivered', async () => {
    const errors: string[] = [];
    const metrics = new Metrics();
    const refunds = new Refunds(
      { refund: async () => -1 },
      { warn: () => {}, error: (_o, msg) => errors.push(msg) },
      metrics,
    );
    expect(await refunds.refund({ accountId: '1', callId: 'a', since: Date.now(), charged: true })).toBe(true);
    expect(errors).toEqual(['refund lost: Redis no longer had the call']);
    expect((await metrics.refundsLost.get()).values[0]?.value).toBe(1);
    // A call whose check never answered may never have been reserved: no record is no loss.
    expect(await refunds.refund({ accountId: '1', callId: 'b', since: Date.now(), charged: false })).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it('gives up retrying counted from the call’s check, not from the first failed refund', async () => {
    const warnings: string[] = [];
    let attempts = 0;
    const refunds = new Refunds(
      {
        refund: async () => {
          attempts += 1;
          throw new Error('Connection is closed.');
        },
      },
      { warn: (_o, msg) => warnings.push(msg), error: () => {} },
      undefined,
      10,
      1000,
    );
    // Checked 2 s ago: past the give-up time already, so the first retry gives it up (to settlement).
    expect(await refunds.refund({ accountId: '1', callId: 'a', since: Date.now() - 2000, charged: true })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refunds.waiting).toBe(0);
    expect(attempts).toBe(1);
    expect(warnings).toContain('refund given up: left to settlement');
  });
});
