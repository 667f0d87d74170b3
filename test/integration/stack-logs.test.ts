import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDetached, stopProcess } from '../../scripts/stack/process.ts';

// The launcher's log files (the API's, OpenSearch's and Redis's output) can carry what a process connects with, so
// only the launcher's user may read them, including a log an older launcher left readable by everyone.
const dir = mkdtempSync(path.join(os.tmpdir(), 'stack-logs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the launcher’s log files', () => {
  it.each([
    ['a new log', false],
    ['a log left world-readable', true],
  ])('are readable by their owner alone: %s', async (_name, existed) => {
    const log = path.join(dir, `${existed ? 'old' : 'new'}.log`);
    if (existed) writeFileSync(log, 'before\n', { mode: 0o644 });
    const ref = await startDetached({
      what: 'A process',
      command: 'sh',
      args: ['-c', 'echo started; exec sleep 30'],
      log,
      timeoutMs: 5000,
      healthy: async () => readFileSync(log, 'utf8').includes('started'),
    });
    try {
      expect(statSync(log).mode & 0o777).toBe(0o600);
    } finally {
      await stopProcess(ref, 2000);
    }
  });
});
