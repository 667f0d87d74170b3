// Category ranking: a query that names a niche ("gaming", "best beauty channels", "workout") asks for the creators
// who matter in that niche. The text still decides what matches (a gate, scored as a constant), and the score
// is then how much a creator matters: its primary niche, its size and reach (rank_feature, log), the words it
// literally writes in its name or description, and the metric a floor in the request names (the contract's top-N
// recipe: "primary_niche_only with a subscriber or engagement floor"). A creator's exact name or id still wins.
import type { SearchCreatorsParams } from '../contract/params.ts';
import type { CreatorRanking } from './profile.ts';

type Query = Record<string, unknown>;
export type CategoryRanking = NonNullable<CreatorRanking['category']>;

/** The popularity signal each floor of the request names. */
const FLOORED: [keyof SearchCreatorsParams, string][] = [
  ['min_subscribers', 'popularity.subscribers'],
  ['min_avg_views', 'popularity.avgViews'],
  ['min_engagement_rate', 'popularity.engagement'],
];

const logFeature = (field: string, boost: number) => ({ rank_feature: { field, boost, log: { scaling_factor: 1 } } });

export function categoryScoring(
  p: SearchCreatorsParams,
  niche: string,
  words: string,
  category: CategoryRanking,
  literalAnalyzer: string | undefined,
): Query[] {
  const should: Query[] = [{ term: { primaryNiche: { value: niche, boost: category.primaryNiche } } }];
  // A floor names the metric the client ranks by: only it counts then, saturated at the floor itself, so the
  // creators above the floor spread out by it (half the boost at the floor, nearly all of it far above).
  const floors = FLOORED.flatMap(([param, field]) => {
    const floor = p[param];
    return typeof floor === 'number' && floor > 0 ? [{ field, floor }] : [];
  });
  for (const { field, floor } of floors)
    should.push({ rank_feature: { field, boost: category.floor, saturation: { pivot: floor } } });
  if (!floors.length) {
    for (const [field, boost] of Object.entries(category.signals)) should.push(logFeature(field, boost));
    if (category.verified) should.push({ term: { verified: { value: true, boost: category.verified } } });
  }
  // Under a floor the text is a gate only: the client asked for the top by that metric.
  // The words as written (no synonyms) in a creator's own text: a flat bonus, so a topic ("bitcoin") lifts those
  // who write about it above the niche's others, while a niche's name, which nearly all its creators write, leaves
  // their order to how much they matter.
  if (words && !floors.length)
    should.push({
      constant_score: {
        filter: {
          multi_match: {
            query: words,
            fields: Object.keys(category.mention.fields),
            operator: 'and',
            ...(literalAnalyzer && { analyzer: literalAnalyzer }),
          },
        },
        boost: category.mention.boost,
      },
    });
  return should;
}
