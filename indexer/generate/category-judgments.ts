// Judgments for queries whose intent is a category: a niche's name asks for the creators who matter in that niche,
// so the biggest are graded above the rest (relevance/README.md, "Classes"). The generator streams creators, so the
// leaders of each niche are kept as they come: the 100 biggest by subscribers and by engagement.
import type { JudgedQuery } from '../../common/judgments.ts';
import { DEMO_NICHES } from '../../src/contract/niches.ts';
import { slugOf } from '../documents.ts';
import type { CreatorRecord } from '../records.ts';

/** The floors the recipe class puts at a niche's Nth biggest creator. */
export const RECIPE_DEPTHS = { recipe: 50, 'recipe-deep': 100 } as const;
/** The leaders graded 3: a page's worth of a niche's biggest. */
const TOP = 10;
/** Graded 2 under authority: the niche's next biggest, who still matter. */
const NEXT = 50;
const KEPT = Math.max(NEXT, ...Object.values(RECIPE_DEPTHS));
/**
 * Members of a niche graded at all, as the other classes cap their ratings: bounded at any dataset size. The biggest
 * are kept, so the creators a sorted or popularity-ranked page shows are graded even at 1,000,000 creators.
 */
const MEMBERS = 3000;

type Metric = 'subscribers' | 'engagementRate';
interface Leader {
  slug: string;
  value: number;
}

/** A niche's name, bare and in the everyday phrasings people put around it: each asks for the niche as a whole. */
const AUTHORITY_PHRASES = [
  (label: string) => label,
  (label: string) => `best ${label} channels`,
  (label: string) => `${label} youtubers`,
  (label: string) => `top ${label} creators`,
];

export class NicheLeaders {
  private readonly leaders = new Map<string, Record<Metric, Leader[]>>();
  /** Every creator of each niche: primary ids, and those that have it as a secondary niche. */
  private readonly members = new Map<string, { primary: Leader[]; secondary: Leader[] }>();

  add(creator: CreatorRecord): void {
    const slug = slugOf(creator);
    const member = { slug, value: creator.subscribers };
    for (const niche of creator.secondaryNiches) biggest(this.membersOf(niche).secondary, member);
    const niche = creator.primaryNiche;
    if (!niche) return;
    biggest(this.membersOf(niche).primary, member);
    const leaders = this.leaders.get(niche) ?? { subscribers: [], engagementRate: [] };
    this.leaders.set(niche, leaders);
    keep(leaders.subscribers, { slug, value: creator.subscribers });
    if (creator.engagementRate !== null) keep(leaders.engagementRate, { slug, value: creator.engagementRate });
  }

  private membersOf(niche: string) {
    const found = this.members.get(niche) ?? { primary: [], secondary: [] };
    this.members.set(niche, found);
    return found;
  }

  judgments(): JudgedQuery[] {
    const judged: JudgedQuery[] = [];
    for (const { value, label } of DEMO_NICHES) {
      const bySubscribers = this.leaders.get(value)?.subscribers ?? [];
      const members = this.members.get(value);
      if (bySubscribers.length < TOP || !members) continue;
      const phrases = AUTHORITY_PHRASES.map((p) => p(label.toLowerCase()));
      // authority: the 10 biggest 3, the next 40 2, the niche's other creators 1.
      const ratings: Record<string, number> = Object.fromEntries(members.primary.map(({ slug }) => [slug, 1]));
      for (const [rank, { slug }] of bySubscribers.slice(0, NEXT).entries()) ratings[slug] = rank < TOP ? 3 : 2;
      for (const query of phrases) judged.push({ query, class: 'authority', target: 'creators', ratings });
      // sorted: every creator of a label query's metric-ordered page should have the niche.
      judged.push({
        query: label,
        class: 'sorted',
        target: 'creators',
        filters: { sort: 'subs_desc' },
        ratings: Object.fromEntries([
          ...members.secondary.map(({ slug }) => [slug, 2]),
          ...members.primary.map(({ slug }) => [slug, 3]),
        ]),
      });
      for (const [kind, depth] of Object.entries(RECIPE_DEPTHS)) {
        judged.push(...this.recipe(value, label, kind, depth));
      }
    }
    return judged;
  }

  /** The contract's top-N recipe: primary niche only, a floor at the Nth biggest, the 10 biggest above it graded 3. */
  private recipe(niche: string, label: string, kind: string, depth: number): JudgedQuery[] {
    const leaders = this.leaders.get(niche);
    const recipes: JudgedQuery[] = [];
    for (const metric of ['subscribers', 'engagementRate'] as const) {
      const ranked = leaders?.[metric] ?? [];
      const floor = ranked[depth - 1]?.value;
      if (floor === undefined) continue;
      const filter: Record<string, number> = {
        [metric === 'subscribers' ? 'min_subscribers' : 'min_engagement_rate']: floor,
      };
      recipes.push({
        query: label,
        class: kind,
        target: 'creators',
        filters: { niche_category: niche, primary_niche_only: true, ...filter },
        ratings: Object.fromEntries(
          ranked.filter((l) => l.value >= floor).map((l, rank) => [l.slug, rank < TOP ? 3 : 1]),
        ),
        note: `floor at the ${depth}th biggest by ${metric}`,
      });
    }
    return recipes;
  }
}

/** Keeps the MEMBERS biggest: trimmed when twice as many have come, so each creator costs O(log n). */
function biggest(list: Leader[], member: Leader): void {
  list.push(member);
  if (list.length < 2 * MEMBERS) return;
  list.sort((a, b) => b.value - a.value);
  list.length = MEMBERS;
}

/** Keeps the KEPT highest values, highest first; the earlier creator stays ahead on a tie. */
function keep(list: Leader[], leader: Leader): void {
  if (list.length === KEPT && (list.at(-1) as Leader).value >= leader.value) return;
  let at = list.length;
  while (at > 0 && (list[at - 1] as Leader).value < leader.value) at -= 1;
  list.splice(at, 0, leader);
  if (list.length > KEPT) list.pop();
}
