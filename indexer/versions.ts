import type { Client } from '@opensearch-project/opensearch';

/** The aliases the API reads, each pointing at one versioned index: `<prefix><alias>-<version>`. */
export const ALIASES = ['creators', 'sponsors', 'sponsorships'] as const;
export type AliasName = (typeof ALIASES)[number];
/**
 * What every version has. Versions loaded before evidence rows existed have no sponsorships index: they still count,
 * roll back and get cleaned up, and with one live the evidence alias points nowhere (the endpoint answers 503).
 */
const REQUIRED: readonly AliasName[] = ['creators', 'sponsors'];

export const aliasName = (prefix: string, alias: AliasName) => `${prefix}${alias}`;
export const indexName = (prefix: string, alias: AliasName, version: string) => `${prefix}${alias}-${version}`;

/** Sortable by time, unique enough for one loader at a time: v20261122t215012345z. */
export function newVersion(now = new Date()): string {
  return `v${now.toISOString().replace(/[-:.]/g, '').toLowerCase()}`;
}

/** The version an alias points at now, or undefined when it does not exist. */
export async function liveVersion(client: Client, prefix: string): Promise<string | undefined> {
  const alias = aliasName(prefix, 'creators');
  const response = await client.indices.getAlias({ name: alias }, { ignore: [404] });
  if (response.statusCode === 404) return undefined;
  const [index] = Object.keys(response.body as Record<string, unknown>);
  return index?.slice(alias.length + 1);
}

/** Which aliases have an index of each version. */
async function indicesByVersion(client: Client, prefix: string): Promise<Map<string, Set<AliasName>>> {
  const found = new Map<string, Set<AliasName>>();
  for (const alias of ALIASES) {
    const base = aliasName(prefix, alias);
    const response = await client.cat.indices({ index: `${base}-v*`, format: 'json', h: ['index'] }, { ignore: [404] });
    for (const row of (response.body ?? []) as { index: string }[]) {
      const version = row.index.slice(base.length + 1);
      found.set(version, (found.get(version) ?? new Set()).add(alias));
    }
  }
  return found;
}

/** Every version that has the indices every version has, oldest first. */
export async function versions(client: Client, prefix: string): Promise<string[]> {
  return [...(await indicesByVersion(client, prefix))]
    .filter(([, aliases]) => REQUIRED.every((alias) => aliases.has(alias)))
    .map(([v]) => v)
    .sort();
}

/** Points every alias at `version` in one `_aliases` call: searches see the old data or the new, never a mix. */
export async function swapAliases(client: Client, prefix: string, version: string): Promise<void> {
  const present = (await indicesByVersion(client, prefix)).get(version) ?? new Set();
  const actions = ALIASES.flatMap((alias) => [
    { remove: { index: `${aliasName(prefix, alias)}-v*`, alias: aliasName(prefix, alias), must_exist: false } },
    ...(present.has(alias) || REQUIRED.includes(alias)
      ? [{ add: { index: indexName(prefix, alias, version), alias: aliasName(prefix, alias) } }]
      : []),
  ]);
  await client.indices.updateAliases({ body: { actions } });
}

interface IndexMeta {
  /** The version that was live when this one was built. */
  previous?: string | null;
  /** definitionDigest (indexer/mappings.ts) of the mappings it was built from. */
  definition?: string;
  /** Creators: the popularity signals whose sum each creator stores (src/search/indexed-popularity.ts). */
  popularity?: string | null;
  /** Creators: the model whose sentence vectors the creators carry, if any (indexer/embeddings.ts). */
  embedding?: string | null;
}

/** What the indexer recorded in the _meta of one index of `version`. */
export async function metaOf(client: Client, prefix: string, alias: AliasName, version: string): Promise<IndexMeta> {
  const index = indexName(prefix, alias, version);
  // A version loaded before evidence rows has no sponsorships index: nothing recorded.
  const { body } = await client.indices.getMapping({ index }, { ignore: [404] });
  return (body?.[index]?.mappings as { _meta?: IndexMeta } | undefined)?._meta ?? {};
}

/** The version that was live when `version` was built. */
export async function previousOf(client: Client, prefix: string, version: string): Promise<string | undefined> {
  return (await metaOf(client, prefix, 'creators', version)).previous ?? undefined;
}

/** Deletes every version but the ones to keep (the live one and its predecessor, for rollback). */
export async function cleanUp(client: Client, prefix: string, keep: (string | undefined)[]): Promise<string[]> {
  const old = (await versions(client, prefix)).filter((v) => !keep.includes(v));
  for (const version of old) await deleteVersion(client, prefix, version);
  return old;
}

export async function deleteVersion(client: Client, prefix: string, version: string): Promise<void> {
  await client.indices.delete(
    { index: ALIASES.map((a) => indexName(prefix, a, version)).join(','), ignore_unavailable: true },
    { ignore: [404] },
  );
}
