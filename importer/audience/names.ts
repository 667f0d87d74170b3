// A commenter's gender from the first word of their display name, only where the name is unambiguous: in the
// public name data (first-names.json, built by build-first-names.py with its source and licence) nearly everyone
// given it was of one sex. Anything else (a handle, a nickname, a name given to both) says nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, 'first-names.json');
type Gender = 'female' | 'male';
let names: Map<string, Gender> | undefined;

function table(): Map<string, Gender> {
  names ??= new Map(Object.entries(JSON.parse(readFileSync(FILE, 'utf8')).names as Record<string, Gender>));
  return names;
}

/** `Maria García` → `maria`; `@maria_gamer` → `maria` is not guessed: a handle's first word runs into others. */
export function firstNameOf(displayName: string): string | null {
  if (displayName.startsWith('@')) return null;
  const first = displayName.trim().split(/[\s,]+/)[0] ?? '';
  const folded = first.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return /^[a-z]{2,}$/.test(folded) ? folded : null;
}

export function genderOf(displayName: string): Gender | null {
  const first = firstNameOf(displayName);
  return first ? (table().get(first) ?? null) : null;
}
