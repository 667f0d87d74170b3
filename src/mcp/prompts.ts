// The MCP prompts: the jobs people bring to an assistant, each a message that names the tools to use, in which
// order, and what to report, filled with the user's arguments. An assistant that lists them learns how a campaign
// search is run here without reading the docs.
import { ErrorCode, type GetPromptResult, McpError, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { issuesLine } from '../contract/issues.ts';
import { SearchCreatorsParams } from '../contract/params.ts';

interface PromptDefinition extends Prompt {
  text: (args: Record<string, string>) => string;
}

const optional = (value: string | undefined, text: (value: string) => string) =>
  value?.trim() ? text(value.trim()) : '';

const PROMPTS: PromptDefinition[] = [
  {
    name: 'shortlist_creators',
    title: 'Shortlist creators for a brief',
    description:
      'Find YouTube creators who fit a campaign brief, checked for size, audience, growth and past sponsors.',
    arguments: [
      { name: 'brief', description: 'What the campaign is about: product, audience, tone', required: true },
      { name: 'country', description: 'Where the audience should be (a country name or code)' },
      { name: 'min_subscribers', description: 'The smallest channel worth considering' },
    ],
    text: (a) =>
      [
        `Build a shortlist of YouTube creators for this brief: "${a.brief}".`,
        optional(a.country, (c) => `The audience should be in ${c}: pass country to search_creators.`),
        optional(a.min_subscribers, (n) => `Only channels with at least ${n} subscribers: pass min_subscribers.`),
        '1. Call list_niches (free) and pick the niche_category values that fit the brief.',
        '2. Call search_creators with two or three short keyword queries drawn from the brief (not the whole sentence), with those filters; sort=subs_growth_desc finds the creators rising fastest.',
        '3. For the ten most promising, call get_creator_audience and get_creator_sponsorships: prefer an audience that matches the brief, and note competitors among past sponsors (each sponsorship comes with the line that disclosed it).',
        '4. Answer with a table: creator, subscribers, 30-day growth, audience fit, past sponsors, why it fits. Say what each lookup cost (search pages and lookups cost 1 credit each).',
      ]
        .filter(Boolean)
        .join('\n'),
  },
  {
    name: 'audit_brand',
    title: "Audit a brand's creator history",
    description:
      'Which creators a brand (or a competitor) has sponsored, how often and how recently, with the evidence.',
    arguments: [{ name: 'brand', description: 'The brand name or its domain', required: true }],
    text: (a) =>
      [
        `Audit the creator sponsorships of ${a.brand}.`,
        `1. Call search_sponsors with "${a.brand}" and pick the matching sponsor (check its website or domain).`,
        '2. Call get_sponsor with its id: its sponsorship count, creator count, niches and top creators.',
        '3. For its top creators, call get_creator_sponsorships with sponsor set to that id, and quote the line of the latest sponsored video of each.',
        '4. Summarise: who the brand works with, in which niches, since when and how recently, and how sure each finding is (confidence).',
      ].join('\n'),
  },
  {
    name: 'find_lookalikes',
    title: 'Find lookalikes of a creator',
    description: 'Creators like one that works well: nearest in content, sharing its niche, size and sponsors.',
    arguments: [
      { name: 'creator', description: 'The creator: a handle, a channel id or the id from search', required: true },
      { name: 'country', description: 'Only lookalikes in this country' },
    ],
    text: (a) =>
      [
        `Find creators like ${a.creator}.`,
        `1. Call get_creator with "${a.creator}" to confirm who it is and see its niches and sponsors.`,
        `2. Call find_similar_creators with that id${a.country?.trim() ? ` and country ${a.country.trim()}` : ''}; each result says what it shares (content, niche, size, sponsors).`,
        '3. Rank the lookalikes by how much they share and by size, and say for each what it shares and how it differs.',
      ].join('\n'),
  },
];

const BY_NAME = new Map(PROMPTS.map((p) => [p.name, p]));

/** prompts/list: the definitions without their templates. */
export const LISTED_PROMPTS: Prompt[] = PROMPTS.map(({ text: _, ...prompt }) => prompt);

/** prompts/get: the prompt's message with the arguments filled in; an unknown prompt or a missing argument is -32602. */
export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const prompt = BY_NAME.get(name);
  if (!prompt) throw new McpError(ErrorCode.InvalidParams, `No prompt named ${name}.`);
  const missing = (prompt.arguments ?? []).filter((a) => a.required && !args[a.name]?.trim()).map((a) => a.name);
  if (missing.length) throw new McpError(ErrorCode.InvalidParams, `Prompt ${name} needs ${missing.join(', ')}.`);
  const wrong = wrongFilters(args);
  if (wrong) throw new McpError(ErrorCode.InvalidParams, `Prompt ${name}: ${wrong}.`);
  return {
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args) } }],
  };
}

/**
 * The filters a prompt tells the assistant to pass to search_creators or find_similar_creators, checked as those
 * tools check them: a value they would refuse ("Narnia", "abc") is refused here rather than written into the text.
 */
function wrongFilters(args: Record<string, string>): string | undefined {
  const filters = Object.fromEntries(
    ['country', 'min_subscribers'].flatMap((name) => (args[name]?.trim() ? [[name, args[name].trim()]] : [])),
  );
  const checked = SearchCreatorsParams.safeParse({ query: 'x', ...filters });
  return checked.success ? undefined : issuesLine(checked.error);
}
