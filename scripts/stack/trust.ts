import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { StackError } from './process.ts';

// The launcher believes what its cache says: which PIDs are its own (state.json), that the OpenSearch unpacked there
// was verified (.verified), the Redis password and data. That is only safe when the cache and those files belong to
// the user running the launcher and nobody else can write them. Folders handed to the `opensearch` user on purpose
// (its data and logs) are not checked: the launcher never trusts what is in them.

function passwd(): string[][] {
  try {
    return readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'));
  } catch {
    return [];
  }
}

/** The uid of a local user, or undefined when there is none. */
export function localUid(name: string): number | undefined {
  const entry = passwd().find((fields) => fields[0] === name);
  return entry?.[2] === undefined ? undefined : Number(entry[2]);
}

function userName(uid: number): string {
  const name = passwd().find((fields) => fields[2] === String(uid))?.[0];
  return name ? `${name} (uid ${uid})` : `uid ${uid}`;
}

/**
 * Refuses `target` unless it belongs to the user running the launcher (or to one of `alsoOwners`) and neither its
 * group nor others can write it. A missing path passes: the launcher creates it itself.
 */
export function assertTrusted(target: string, what: string, alsoOwners: number[] = []): void {
  const me = process.getuid?.();
  if (me === undefined || !existsSync(target)) return;
  const { uid, mode } = statSync(target);
  const elsewhere = 'set STACK_CACHE_DIR to a folder of your own (the launcher creates it)';
  if (uid !== me && !alsoOwners.includes(uid)) {
    throw new StackError(
      `${what} ${target} belongs to ${userName(uid)}, not to ${userName(me)} who runs the launcher, so the ` +
        `launcher will not trust it. Either ${elsewhere}, or, if you know where it came from and it is yours to ` +
        `take: sudo chown ${me} ${target}`,
    );
  }
  if (mode & 0o022) {
    const who = mode & 0o020 && mode & 0o002 ? 'its group and others' : mode & 0o020 ? 'its group' : 'others';
    throw new StackError(
      `${what} ${target} can be written by ${who} (mode ${(mode & 0o7777).toString(8)}), who could change what ` +
        `the launcher runs and trusts. Run: chmod go-w ${target}   (or ${elsewhere})`,
    );
  }
}

/** Creates the cache folder (0755: the `opensearch` user must pass through it) or checks the one that is there. */
export function ensureCacheDir(cacheDir: string): void {
  if (!existsSync(cacheDir)) {
    mkdirSync(cacheDir, { recursive: true, mode: 0o755 });
    // mkdir's mode goes through the umask, and 002 (users with a group of their own) would leave it group-writable.
    chmodSync(cacheDir, 0o755);
  }
  assertTrusted(cacheDir, "The launcher's cache folder");
}
