// Pages of creator search. Only the first `depthLimit` matches are available (a lookup service, not an export
// tool); totalFound still counts every match.

export interface Paging {
  page: number;
  pageSize: number;
  depthLimit: number;
}

/** The slice of hits to fetch. Past the available matches it is empty but still asks for the exact total. */
export function pageWindow({ page, pageSize, depthLimit }: Paging): { from: number; size: number } {
  const from = (page - 1) * pageSize;
  if (from >= depthLimit) return { from: 0, size: 0 };
  return { from, size: Math.min(pageSize, depthLimit - from) };
}

export function pageLinks({ page, pageSize, depthLimit }: Paging, totalFound: number) {
  const lastPage = Math.ceil(Math.min(totalFound, depthLimit) / pageSize);
  const hasMore = page < lastPage;
  return { hasMore, nextPage: hasMore ? page + 1 : null };
}
