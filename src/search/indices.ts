/** The aliases the indexer swaps (indexer/versions.ts); the API only ever reads through them. */
export function aliases(prefix: string) {
  return { creators: `${prefix}creators`, sponsors: `${prefix}sponsors` } as const;
}
