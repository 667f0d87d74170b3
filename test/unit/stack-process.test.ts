import { describe, expect, it } from 'vitest';
import { parseProcStat } from '../../scripts/stack/process.ts';

// Fields 1–22 of /proc/<pid>/stat as Linux writes them; field 22 is the start time in clock ticks since boot.
const stat = (name: string, state: string, start: number) =>
  `4242 (${name}) ${state} 1 4242 4242 0 -1 4194560 120 0 0 0 3 1 0 0 20 0 4 0 ${start} 12345 678 18446744073709551615`;

describe('parseProcStat', () => {
  it('reads the state and the start time', () => {
    expect(parseProcStat(stat('redis-server', 'S', 315536))).toEqual({ state: 'S', startTicks: 315536 });
  });

  it('is not fooled by a process name with spaces and parentheses', () => {
    // A process chooses its own name: "x) Z 1 2 3" must not shift the fields or pass for a zombie.
    expect(parseProcStat(stat('x) Z 1 2 3', 'R', 99))).toEqual({ state: 'R', startTicks: 99 });
  });

  it('tells a zombie', () => {
    expect(parseProcStat(stat('sleep', 'Z', 7))?.state).toBe('Z');
  });

  it('gives up on text that is not a stat line', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('1 (a) S 1 2')).toBeUndefined();
  });
});
