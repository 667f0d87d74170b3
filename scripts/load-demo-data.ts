// The compose stack's one-shot `indexer` service (docker-compose.yml), and the quick start's data step on its own:
// generate the demo dataset into DATA_DIR unless one is there, and load it unless the live version is current
// (scripts/demo-data.ts). Exits 0 once the data is searchable, so the API can start on it; 1 with the reason.
import { ensureDemoData } from './demo-data.ts';

try {
  const { summary } = await ensureDemoData(process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200');
  console.log(`Data: ${summary}`);
} catch (error) {
  console.error(`The demo data could not be loaded: ${(error as Error).message}`);
  process.exit(1);
}
