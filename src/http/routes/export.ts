// GET /creators/export: a creator search streamed as CSV or NDJSON, a page's worth of rows at a time. It is metered
// like paging: what max_rows can cost is reserved by the access check (config.rows), each page handed to the network
// is kept (MeteredCall.keep), and the rest is refunded when the response closes, whole or cut short.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MeteredCall } from '../../access/metered-call.ts';
import { csvHeader, csvRow } from '../../contract/export-csv.ts';
import { COSTS, OPERATIONS } from '../../contract/operations.ts';
import type { ExportCreatorsParams } from '../../contract/params.ts';
import type { CreatorSummary } from '../../contract/resources.ts';
import type { Catalog } from '../../search/catalog.ts';
import { CREDITS_CHARGED, CREDITS_REMAINING } from '../access-hooks.ts';

/** Rows asked of OpenSearch at once: whole pages, about this many rows. */
const ROWS_PER_REQUEST = 100;

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' } as const;

/**
 * The file's text, one page's worth of rows per piece. `sent(pages)` is told each time the stream takes the next
 * piece, so the pages before it have gone to the network; a search that finds nothing still answers one (empty)
 * page, as search does.
 */
async function* exportText(
  rows: AsyncIterable<string[]>,
  format: ExportCreatorsParams['format'],
  pageSize: number,
  sent: (pages: number) => void,
): AsyncGenerator<string> {
  if (format === 'csv') yield csvHeader();
  let pages = 0;
  for await (const chunk of rows) {
    for (let i = 0; i < chunk.length; i += pageSize) {
      const page = chunk.slice(i, i + pageSize);
      yield format === 'csv'
        ? page.map((summary) => csvRow(JSON.parse(summary) as CreatorSummary)).join('')
        : page.map((summary) => `${summary}\n`).join('');
      sent(++pages);
    }
  }
  sent(Math.max(pages, 1));
}

export const exportRoutes: FastifyPluginAsyncZod<{ catalog: Catalog }> = async (app, { catalog }) => {
  const mostRows = (query: ExportCreatorsParams) => Math.min(query.max_rows, catalog.depthLimit);
  app.get(
    '/creators/export',
    { schema: OPERATIONS.exportCreators, config: { cost: COSTS.exportCreators, rows: mostRows } },
    async (request, reply) => {
      const call = request.call as MeteredCall;
      const { format, max_rows: _, ...search } = request.query;
      const pageSize = call.pageSize;
      const reserved = call.grant?.charged ?? 0;
      let kept = 0;
      const sent = (pages: number) => {
        kept = Math.min(pages * COSTS.exportCreators, reserved);
        call.keep(kept);
      };
      const chunk = pageSize * Math.max(1, Math.round(ROWS_PER_REQUEST / pageSize));
      const rows = catalog.creatorRows(search, mostRows(request.query), chunk, call.signal);
      // The first rows are asked for before the status is sent, so a search that fails at once is a clean 503.
      const first = await rows.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* rows;
      }
      const balance = call.grant?.balance ?? null;
      reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="creators.${format}"`)
        .trailer(CREDITS_CHARGED, async () => String(kept))
        .trailer(CREDITS_REMAINING, async () => (balance === null ? 'unlimited' : String(balance + reserved - kept)));
      return reply.send(Readable.from(exportText(all(), format, pageSize, sent), { highWaterMark: 1 }) as never);
    },
  );
};
