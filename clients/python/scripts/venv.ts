// A Python virtual environment under .cache/, made once and made again only when what it was made from changes: a
// stamp file inside it holds the interpreter's version and the caller's inputs (a requirements file, pyproject.toml).
// The generator (`npm run client:python`) and the client's tests (test/e2e/python-client.test.ts) each keep one.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The interpreter venvs are made with: PYTHON, or python3 on the PATH. */
export const SYSTEM_PYTHON = process.env.PYTHON ?? 'python3';

/** Runs a command to its end; on failure the error carries its output, so a broken pip install says why. */
export async function runChecked(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, {
      cwd: options.cwd,
      env: { PIP_DISABLE_PIP_VERSION_CHECK: '1', ...(options.env ?? process.env) },
      timeout: options.timeoutMs ?? 600_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

export interface Venv {
  dir: string;
  /** The venv's interpreter and its bin/ folder (console scripts such as pytest or the generator). */
  python: string;
  bin: string;
  /** Whether this call made it (false: an up-to-date one was reused). */
  made: boolean;
}

/**
 * The venv at `dir`, made with `populate` when it is missing or its stamp differs from `inputs` plus the interpreter's
 * version. A half-made venv never passes for a made one: the stamp is written last.
 */
export async function ensureVenv(
  dir: string,
  inputs: string,
  populate: (venv: Omit<Venv, 'made'>) => Promise<void>,
): Promise<Venv> {
  const bin = path.join(dir, 'bin');
  const venv = { dir, bin, python: path.join(bin, 'python') };
  const { stdout: version } = await runChecked(SYSTEM_PYTHON, ['--version']);
  const stamp = `${version.trim()}\n${inputs}`;
  const stampFile = path.join(dir, '.stamp');
  if (existsSync(venv.python) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    return { ...venv, made: false };
  }
  rmSync(dir, { recursive: true, force: true });
  await runChecked(SYSTEM_PYTHON, ['-m', 'venv', dir]);
  await populate(venv);
  writeFileSync(stampFile, stamp);
  return { ...venv, made: true };
}
