import { oncePerProcess, run } from './process.ts';

/** The system user that runs OpenSearch when the launcher itself runs as root. */
export const SERVICE_USER = 'opensearch';

export const asServiceUser = {
  /** Creates the system user when missing and gives it the folders the server writes to. */
  async prepare(folders: string[]): Promise<void> {
    // Once per process: the nodes of a cluster prepare at once, and a second useradd would fail.
    await oncePerProcess('service user', createUser);
    await run('chown', ['-R', `${SERVICE_USER}:${SERVICE_USER}`, ...folders], { timeoutMs: 60_000 });
  },
  /** setpriv execs in place (unlike runuser), so the PID we get is the server's own. */
  wrap(command: string, args: string[]): [string, string[]] {
    return ['setpriv', [`--reuid=${SERVICE_USER}`, `--regid=${SERVICE_USER}`, '--init-groups', command, ...args]];
  },
};

async function createUser(): Promise<void> {
  const exists = await run('id', ['-u', SERVICE_USER], { timeoutMs: 5000 }).then(
    () => true,
    () => false,
  );
  if (exists) return;
  await run(
    'useradd',
    ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SERVICE_USER],
    { timeoutMs: 10_000 },
  );
}

export function serviceUserCanReach(folder: string): Promise<boolean> {
  const [command, args] = asServiceUser.wrap('test', ['-x', folder]);
  return run(command, args, { timeoutMs: 5000 }).then(
    () => true,
    () => false,
  );
}
