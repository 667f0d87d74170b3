// `npm run index`: loads data/*.ndjson into new versioned indices and swaps the aliases, or points them back at the
// previous version. See docs/data.md.
import { main, parseCommandLine } from '../common/cli.ts';
import { officialClient } from '../src/clients.ts';
import { loadIndexerConfig } from './config.ts';
import { load, rollback } from './load.ts';

const USAGE = `Usage: npm run index -- [--skip-bad] [--json]
       npm run index -- --rollback
  loads DATA_DIR's *.ndjson (data/ unless set) into new indices and swaps the aliases; --skip-bad skips bad
  records instead of stopping, --json prints a JSON summary; --rollback points the aliases at the previous version`;

const { values } = parseCommandLine(USAGE, {
  options: {
    'skip-bad': { type: 'boolean', default: false },
    rollback: { type: 'boolean', default: false },
    // A JSON summary on stdout (progress goes to stderr): for scripts such as bench/indexer.ts.
    json: { type: 'boolean', default: false },
  },
});

await main(async () => {
  const config = loadIndexerConfig();
  const client = officialClient(config.opensearch, { requestTimeout: 120_000 });
  try {
    if (values.rollback) {
      const { from, to } = await rollback(client, config.indexPrefix);
      console.log(`Rolled back: the aliases now point at ${to} (was ${from}).`);
      return;
    }
    const summary = await load({
      client,
      config,
      skipBad: values['skip-bad'],
      out: values.json ? process.stderr : process.stdout,
    });
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
    if (values.json) return console.log(JSON.stringify({ ...summary, peakMb }));
    console.log(
      `\nLoaded version ${summary.version} in ${summary.seconds.toFixed(1)} s: ${summary.creators} creators ` +
        `(${Math.round(summary.creators / summary.seconds)} docs/s overall), ${summary.sponsors} sponsors, ` +
        `${summary.sponsorships} sponsorship evidence rows, ` +
        `${summary.snapshots} snapshots of ${summary.creatorsWithHistory} creators' history; ` +
        `peak memory ${peakMb} MB.`,
    );
    if (summary.skipped.length) {
      console.log(`Skipped ${summary.skipped.length} bad record(s):`);
      for (const s of summary.skipped.slice(0, 20)) console.log(`  ${s.file}:${s.line}: ${s.reason}`);
    }
    if (summary.rejected.length) {
      console.log(`OpenSearch rejected ${summary.rejected.length} document(s):`);
      for (const r of summary.rejected.slice(0, 20)) console.log(`  ${r.id}: ${r.status} ${r.reason}`);
    }
    console.log(`Previous version ${summary.previous ?? '(none)'} is kept for --rollback.`);
    if (summary.deleted.length) console.log(`Deleted older versions: ${summary.deleted.join(', ')}`);
  } finally {
    await client.close();
  }
});
