/**
 * The aliases the indexer swaps (indexer/versions.ts), and the one over the history indices, which only grow
 * (indexer/history.ts); the API only ever reads through them.
 */
export function aliases(prefix: string) {
  return {
    creators: `${prefix}creators`,
    sponsors: `${prefix}sponsors`,
    sponsorships: `${prefix}sponsorships`,
    history: `${prefix}history`,
  } as const;
}

/**
 * Where the API sends a search. No filter_path: OpenSearch filters a response after building it, which costs it
 * more CPU than the API saves parsing a few hundred bytes per hit (docs/speed.md, "The API's read path").
 */
export const searchPath = (index: string) => `/${index}/_search`;

/** A search of an alias that a dataset without it never created: no index is no match, not an error. */
export const optionalSearchPath = (index: string) =>
  `${searchPath(index)}?ignore_unavailable=true&allow_no_indices=true`;
