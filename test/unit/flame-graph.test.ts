import { describe, expect, it } from 'vitest';
import { type CpuProfile, callTree, flameGraphSvg, ownerOf, selfTime } from '../../bench/api/flame-graph.ts';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 });
// root → handler (ours) → [stringify (node), query (undici)], idle beside; two handler nodes to merge.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 6] },
    { id: 2, callFrame: frame('handler', 'file:///app/dist/http/routes.js'), children: [4] },
    { id: 3, callFrame: frame('handler', 'file:///app/dist/http/routes.js'), children: [5] },
    { id: 4, callFrame: frame('stringify', 'node:internal/json') },
    { id: 5, callFrame: frame('query', 'file:///app/node_modules/undici/lib/api.js') },
    { id: 6, callFrame: frame('(idle)') },
  ],
  startTime: 1000,
  endTime: 2000,
  // Samples at 1100, 1200, …, 1800.
  samples: [2, 4, 5, 5, 6, 6, 3, 4],
  timeDeltas: [100, 100, 100, 100, 100, 100, 100, 100],
};

describe('the API profile', () => {
  it('merges the same function under one parent, leaves idle out and counts only samples in the window', () => {
    const whole = callTree(profile);
    expect(whole.total).toBe(6);
    expect(whole.children).toHaveLength(1);
    const [handler] = whole.children;
    expect(handler).toMatchObject({ name: 'handler', where: 'dist/http/routes.js:10', self: 2, total: 6 });
    expect(handler?.children.map((c) => [c.name, c.total])).toEqual([
      ['stringify', 2],
      ['query', 2],
    ]);
    const window = callTree(profile, 1250, 1450);
    expect(window.total).toBe(2);
    expect(window.children[0]?.children.map((c) => c.name)).toEqual(['query']);
  });

  it('sums self time by owner and names the caller of ours a function came through', () => {
    const { owners, functions } = selfTime(callTree(profile));
    expect(Object.fromEntries(owners)).toEqual({ ours: 2, node: 2, undici: 2 });
    expect(functions.find(([name]) => name.startsWith('stringify'))?.[2]).toBe('handler dist/http/routes.js:10');
    expect(ownerOf({ name: '(garbage collector)', where: '' })).toBe('(garbage collector)');
    expect(ownerOf({ name: 'x', where: '@scope/pkg/index.js:1' })).toBe('@scope/pkg');
  });

  it('draws each box as wide as its share, text escaped', () => {
    const svg = flameGraphSvg(callTree(profile), 'a < b', 600);
    expect(svg).toContain('a &#60; b');
    expect(svg).toMatch(/<title>handler \(dist\/http\/routes.js:10\): 100.00%/);
    expect(svg).toMatch(/<title>stringify[^<]*: 33.33% [^<]*<\/title><rect x="0.00" y="\d+" width="200.00"/);
    expect(svg).toMatch(/<title>query[^<]*<\/title><rect x="200.00"/);
  });
});
