// Run from the repository root: CSI_BASE_URL=http://127.0.0.1:3000 CSI_API_KEY=csi_… npx tsx clients/typescript/examples/search.ts
import { CsiApiError, CsiClient } from '../src/index.ts';

const { CSI_BASE_URL = 'http://127.0.0.1:3000', CSI_API_KEY } = process.env;
if (!CSI_API_KEY) {
  console.error('Set CSI_API_KEY to an API key (npm run up prints one).');
  process.exit(1);
}
const client = new CsiClient({ baseUrl: CSI_BASE_URL, apiKey: CSI_API_KEY });

try {
  // Two pages at most: each page costs a credit.
  for await (const page of client.searchCreatorPages({ query: 'personal finance', country: 'US' }, { maxPages: 2 })) {
    console.log(`page ${page.data.page} of ${page.data.totalFound} creators (cost ${page.creditsCharged}):`);
    for (const creator of page.data.creators.slice(0, 3)) {
      console.log(`  ${creator.name} (${creator.handle}), ${creator.subscribers.toLocaleString('en')} subscribers`);
    }
  }
  const credits = await client.getCredits();
  console.log(`credits left: ${credits.data.unlimited ? 'unlimited' : credits.data.balance}`);
} catch (error) {
  if (!(error instanceof CsiApiError)) throw error;
  console.error(`${error.status} ${error.code}: ${error.message}`);
  process.exit(1);
}
