import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIN_JAVA_MAJOR } from './pins.ts';
import { StackError } from './process.ts';

export const SYSTEM_JVM_FOLDER = '/usr/lib/jvm';

export interface JavaCandidate {
  home: string;
  /** Where the candidate came from: an environment variable's name, or the system JVM folder. */
  source: string;
  major: number | undefined;
}

/** "17.0.15" → 17, "25" → 25, "21-ea" → 21, and the pre-9 scheme "1.8.0_292" → 8. */
export function parseJavaMajor(version: string): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?/.exec(version.trim());
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}

/** Reads JAVA_VERSION="…" from a JDK's `release` file. */
export function parseReleaseFile(text: string): number | undefined {
  const match = /^JAVA_VERSION="?([^"\n]+)"?$/m.exec(text);
  return match?.[1] ? parseJavaMajor(match[1]) : undefined;
}

/**
 * Explicit choices (OPENSEARCH_JAVA_HOME, then JAVA_HOME) win when they are recent enough; otherwise the newest
 * JDK of the system folder. Returns undefined when none is at least `min`.
 */
export function pickJava(candidates: JavaCandidate[], min = MIN_JAVA_MAJOR): JavaCandidate | undefined {
  const explicit = candidates.filter((c) => c.source !== SYSTEM_JVM_FOLDER);
  const found = candidates
    .filter((c) => c.source === SYSTEM_JVM_FOLDER)
    .sort((a, b) => (b.major ?? 0) - (a.major ?? 0));
  return [...explicit, ...found].find((c) => c.major !== undefined && c.major >= min);
}

function candidate(home: string, source: string): JavaCandidate | undefined {
  if (!existsSync(path.join(home, 'bin', 'java'))) return undefined;
  const release = path.join(home, 'release');
  const major = existsSync(release) ? parseReleaseFile(readFileSync(release, 'utf8')) : undefined;
  return { home, source, major };
}

export function discoverJava(env: NodeJS.ProcessEnv = process.env): JavaCandidate {
  const candidates: JavaCandidate[] = [];
  for (const name of ['OPENSEARCH_JAVA_HOME', 'JAVA_HOME']) {
    const home = env[name];
    const found = home ? candidate(home, name) : undefined;
    if (found) candidates.push(found);
  }
  if (existsSync(SYSTEM_JVM_FOLDER)) {
    for (const entry of readdirSync(SYSTEM_JVM_FOLDER)) {
      const found = candidate(path.join(SYSTEM_JVM_FOLDER, entry), SYSTEM_JVM_FOLDER);
      if (found) candidates.push(found);
    }
  }
  const chosen = pickJava(candidates);
  if (chosen) return chosen;
  const seen = candidates.map((c) => `  ${c.home} (${c.source}): Java ${c.major ?? '?'}`).join('\n');
  throw new StackError(
    `OpenSearch needs Java ${MIN_JAVA_MAJOR} or newer and none was found.\n${seen || '  (no JDK found)'}\n` +
      `Install one (for example Debian's openjdk-${MIN_JAVA_MAJOR}-jdk-headless or a Temurin JDK) ` +
      'and point OPENSEARCH_JAVA_HOME at it.',
  );
}
