import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Confirmations } from '../../src/access/confirmations.ts';

const log = { warn: () => {}, error: () => {} };

describe('confirmations', () => {
  it('go out in one command per account per batch, off the caller’s path', async () => {
    const sent: [string, string[]][] = [];
    const kept: [string, [string, number[]][]][] = [];
    const confirmations = new Confirmations(
      {
        confirm: async (accountId, ids) => {
          sent.push([accountId, [...ids]]);
          return ids.length;
        },
        keptInBlocks: async (accountId, blocks) => {
          kept.push([accountId, [...blocks]]);
        },
      },
      log,
    );
    confirmations.confirm('1', 'a');
    confirmations.confirm('2', 'b');
    confirmations.confirm('1', 'c');
    confirmations.keptInBlock('1', 'block1', 1);
    confirmations.keptInBlock('1', 'block1', 3);
    confirmations.keptInBlock('3', 'block2', 2);
    expect(sent).toEqual([]);
    expect(confirmations.waiting).toBe(6);
    await sleep(120);
    expect(sent).toEqual([
      ['1', ['a', 'c']],
      ['2', ['b']],
    ]);
    expect(kept).toEqual([
      ['1', [['block1', [1, 3]]]],
      ['3', [['block2', [2]]]],
    ]);
    expect(confirmations.waiting).toBe(0);
  });

  it('are kept and sent again while Redis does not answer, and drained at shutdown', async () => {
    let down = true;
    const sent: string[] = [];
    const kept: string[] = [];
    const confirmations = new Confirmations(
      {
        confirm: async (_accountId, ids) => {
          if (down) throw new Error('Connection is closed.');
          sent.push(...ids);
          return ids.length;
        },
        keptInBlocks: async (_accountId, blocks) => {
          if (down) throw new Error('Connection is closed.');
          for (const [block, calls] of blocks) kept.push(`${block}:${calls.join(',')}`);
        },
      },
      log,
    );
    confirmations.confirm('1', 'a');
    confirmations.keptInBlock('1', 'block1', 1);
    await sleep(120);
    expect(confirmations.waiting).toBe(2);
    confirmations.confirm('1', 'b');
    confirmations.keptInBlock('1', 'block1', 2);
    down = false;
    expect(await confirmations.drain(2000)).toBe(0);
    expect(sent.sort()).toEqual(['a', 'b']);
    expect(kept).toEqual(['block1:1,2']);
  });

  it('send again only what failed: calls confirmed are not sent twice when their block entries fail', async () => {
    const sent: string[] = [];
    let keepFails = 1;
    const confirmations = new Confirmations(
      {
        confirm: async (_accountId, ids) => {
          sent.push(...ids);
          return ids.length;
        },
        keptInBlocks: async (_accountId, blocks) => {
          if (keepFails-- > 0) throw new Error('Command timed out');
          for (const [block, calls] of blocks) sent.push(`${block}:${calls.join(',')}`);
        },
      },
      log,
    );
    confirmations.confirm('1', 'a');
    confirmations.keptInBlock('1', 'block1', 1);
    expect(await confirmations.drain(2000)).toBe(0);
    expect(sent).toEqual(['a', 'block1:1']);
  });

  it('leave what Redis never took to settlement, and say how many', async () => {
    const confirmations = new Confirmations(
      {
        confirm: async () => {
          throw new Error('Connection is closed.');
        },
        keptInBlocks: async () => {},
      },
      log,
    );
    confirmations.confirm('1', 'a');
    expect(await confirmations.drain(300)).toBe(1);
  });
});
