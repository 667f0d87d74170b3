// The profile the API ranks with, reloaded without a restart: when its file changes (polled, so an editor that
// replaces the file is seen too) or on SIGHUP (src/server.ts). A profile that fails validation is refused with the
// field that is wrong, and the last good one keeps serving.
import { type Stats, unwatchFile, watchFile } from 'node:fs';
import { loadProfile, type Profile, type Ranking } from './profile.ts';

/** Where reloads are reported (pino's logger fits). */
interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class LiveProfile {
  private current: Profile;
  private stopWatching: (() => void) | undefined;

  /** Throws a ProfileError when the file is invalid: the API does not start on a broken profile. */
  constructor(
    readonly file: string,
    private readonly log: Log,
  ) {
    this.current = loadProfile(file);
  }

  get profile(): Profile {
    return this.current;
  }

  get ranking(): Ranking {
    return this.current.ranking;
  }

  /** What /readyz and the log say is live. */
  describe() {
    return { name: this.current.name, version: this.current.version, file: this.current.file };
  }

  /** Reads the file again; true when a new valid version is now live. */
  reload(): boolean {
    let next: Profile;
    try {
      next = loadProfile(this.file);
    } catch (error) {
      this.log.error(
        { profile: this.describe(), problem: (error as Error).message },
        'ranking profile refused; the last good version keeps serving',
      );
      return false;
    }
    if (next.version === this.current.version) return false;
    this.current = next;
    this.log.info({ profile: this.describe() }, 'ranking profile loaded');
    return true;
  }

  /** Polls the file every `intervalMs` (not persistent: it never keeps the process alive). */
  watch(intervalMs: number): void {
    if (this.stopWatching) return;
    const listener = (now: Stats, before: Stats) => {
      if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) this.reload();
    };
    watchFile(this.file, { interval: intervalMs, persistent: false }, listener);
    this.stopWatching = () => unwatchFile(this.file, listener);
  }

  close(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
  }
}
