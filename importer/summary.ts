// What an import did, in a few lines: what was read, what was written, coverage, new sponsors, skipped rows.
import type { Catalog } from './catalog.ts';
import type { BadRow } from './csv/read.ts';
import type { Dataset } from './dataset.ts';

export interface ImportReport {
  catalog: Catalog;
  dataset: Dataset;
  out: string;
  evidence: string | undefined;
  bad: BadRow[];
  seconds: number;
}

/** `2026-11-28`, or `2026-11-20 to 2026-11-28` when the channels were read on several days. */
function dateRange(dates: string[]): string {
  if (dates.length === 0) return 'nothing';
  const sorted = [...dates].sort();
  const [first, last] = [sorted[0], sorted[sorted.length - 1]];
  return first === last ? `${first}` : `${first} to ${last}`;
}

const share = (part: number, whole: number) => `${whole === 0 ? 0 : Math.round((100 * part) / whole)}%`;

/** The summary's figures, as `--json` prints them. */
export function summaryFigures({ catalog, dataset, bad, seconds }: ImportReport) {
  return {
    rows: catalog.rows,
    videoRows: catalog.videoRows,
    channelRows: catalog.channelRows,
    videos: catalog.videoCount,
    creators: dataset.creators.length,
    withNiche: dataset.creators.filter((c) => c.primaryNiche !== null).length,
    withLanguage: dataset.creators.filter((c) => c.language !== null).length,
    withAudience: dataset.creators.filter((c) => c.audience !== null).length,
    sponsors: dataset.sponsors.length,
    newSponsors: dataset.newSponsors.length,
    sponsoredVideos: dataset.evidence.filter((e) => e.sponsors.length > 0).length,
    sponsorships: dataset.sponsorships.length,
    snapshots: dataset.snapshots.length,
    badRows: bad.length,
    seconds,
    rowsPerSecond: Math.round(catalog.rows / Math.max(seconds, 0.001)),
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

export function printSummary({ catalog, dataset, out, evidence, bad, seconds }: ImportReport): void {
  const { creators, sponsors } = dataset;
  const withNiche = creators.filter((c) => c.primaryNiche !== null).length;
  const withLanguage = creators.filter((c) => c.language !== null).length;
  const withAudience = creators.filter((c) => c.audience !== null).length;
  const sponsoredVideos = dataset.evidence.filter((e) => e.sponsors.length > 0).length;
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    [
      ``,
      `Imported ${catalog.rows} rows in ${seconds.toFixed(1)} s (${Math.round(catalog.rows / Math.max(seconds, 0.001))} rows/s, peak memory ${peakMb} MB):`,
      `  ${catalog.videoCount} distinct videos from ${catalog.videoRows} video rows, ${catalog.channelRows} channel rows, ${creators.length} creators`,
      `  niche for ${withNiche} (${share(withNiche, creators.length)}), language for ${withLanguage} (${share(withLanguage, creators.length)}), an audience estimate for ${withAudience}`,
      `  ${sponsoredVideos} videos with sponsors (${share(sponsoredVideos, catalog.videoCount)}), ${sponsors.length} sponsors, ${dataset.newSponsors.length} not in the brand registry`,
      `Wrote ${out}/creators.ndjson, sponsors.ndjson, sponsorships.ndjson (${dataset.sponsorships.length} detected sponsorships with their evidence) and snapshots.ndjson (a snapshot of each creator, dated ${dateRange(dataset.snapshots.map((s) => s.date))}, added to the history there)${evidence ? `, and the evidence to ${evidence}` : ''}. Load them with npm run index (DATA_DIR=${out}).`,
    ].join('\n'),
  );
  if (dataset.newSponsors.length > 0) {
    const listed = dataset.newSponsors.slice(0, 15).map((s) => `${s.name} (${s.videos})`);
    const more = dataset.newSponsors.length > 15 ? `, and ${dataset.newSponsors.length - 15} more` : '';
    console.log(`New sponsors (add them to importer/rules/brands.json to name them): ${listed.join(', ')}${more}`);
  }
  if (bad.length > 0) {
    console.log(`Skipped ${bad.length} bad row(s):`);
    for (const row of bad.slice(0, 20)) console.log(`  ${row.message}`);
  }
}
