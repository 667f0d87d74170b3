// Runs before `npm run up` and `npm test` (npm's pre-scripts), so both work on a fresh clone: installs what
// package-lock.json pins whenever node_modules is missing or was installed from another lock file.
// Plain JavaScript on purpose: it runs before tsx is installed.
// The lock file is committed as npm 11 writes it (other platforms' optional packages included), so `npm install`
// installs what it pins and leaves it unchanged: a fresh clone stays clean (.ci/run checks it).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'node_modules', '.lock-hash');
const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash()) {
  console.log('Installing dependencies (npm install from package-lock.json)…');
  try {
    // onnxruntime-node's install script (npm 10 runs it) would fetch GPU add-ons this CPU-only service never uses.
    const env = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' };
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', env });
  } catch {
    console.error('✖ npm install failed (its output is above).');
    process.exit(1);
  }
  writeFileSync(stamp, lockHash());
}
