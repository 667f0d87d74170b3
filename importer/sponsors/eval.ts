// `npm run import -- eval-sponsors`: the detector against the hand-labelled videos of relevance/sponsors/labels.jsonl
// (rules in relevance/sponsors/labelling.md): precision and recall of (video, brand) pairs per split and language,
// and each false positive with its cause.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Random } from '../../indexer/generate/random.ts';
import { columnsOf, type VideoField } from '../csv/columns.ts';
import { readCsv } from '../csv/read.ts';
import { videoFromRow } from '../csv/rows.ts';
import { BadValue } from '../csv/values.ts';
import { identifyLanguage } from '../enrich/language.ts';
import { foldName, type VideoFacts } from '../model.ts';
import { detectSponsors } from './detect.ts';
import { type Detector, sponsorsOf } from './find.ts';
import type { Registry } from './registry.ts';

export const LABELS_FILE = path.resolve(import.meta.dirname, '../../relevance/sponsors/labels.jsonl');
export const SHARED_TRENDING = { US: 'trending-2017-US.csv', FR: 'trending-2017-FR.csv' } as const;

/**
 * What made a video a candidate for labelling: any phrase that looks like a disclosure or a deal, in any of the
 * five languages, wide on purpose (it also catches collaborations, thanks and affiliate notes, the hard negatives).
 */
export const DISCLOSURE_LIKE = new RegExp(
  [
    String.raw`sponsor|use (?:my |the )?code|promo ?code|code promo|coupon|brought to you|partenaire|partenariat|#ad(?![\p{L}\p{N}])|#spon|paid promotion|sponsoris|in partnership|in collaboration|% off|get \S+ (?:for )?free|first month|free trial|discount|réduction|offert par|grâce à|thanks? (?:to|you) \S+(?: \S+)? for|merci à|go to \S+\.(?:com|fr|co)\/\w|check out \S+\.com|affiliate|affilié|patrocinad|gesponsert|werbung|anzeige|promoción|código|cupom|desconto|publicité|collab`,
    // Added after a first look showed deals the first pattern missed ("-10 % … CODE: X", "5 % DE REDUC").
    String.raw`(?<![\p{L}\p{N}])(?:code|bonus|ad|offerts?)(?![\p{L}\p{N}])|\d\s?%|r[ée]duc|promo|cashback|parrain|referral|essai gratuit|partner`,
  ].join('|'),
  // Unicode-aware (`u`): ASCII word boundaries would find "ad" in the Turkish "Adını".
  'iu',
);

/** `tune` and `held-out` split the shared files' labels by channel; `fresh` is a set labelled later, blind. */
export const SPLITS = ['tune', 'held-out', 'fresh'] as const;

const LabelSchema = z.object({
  videoId: z.string(),
  /** The trending file's country: US and FR for the shared files. */
  file: z.string().min(1),
  /** `fresh`: a set labelled later, blind, from files the detector was never developed on. */
  split: z.enum(SPLITS),
  sponsors: z.array(z.object({ name: z.string().min(1), text: z.string().min(1) })),
  note: z.string(),
});
export type Label = z.infer<typeof LabelSchema>;

export function readLabels(file = LABELS_FILE): Label[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const parsed = LabelSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${index + 1}: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
}

/** A channel's videos are all on one side: tuning on a channel's template never leaks into the held-out part. */
export const splitOf = (channelTitle: string): Label['split'] =>
  (createHash('sha1').update(channelTitle).digest()[0] as number) % 2 === 0 ? 'tune' : 'held-out';

/** The latest row of each video of the shared trending files (the same video trends on several days). */
export const sharedVideos = (realdata: string) =>
  trendingVideos(Object.values(SHARED_TRENDING).map((name) => path.join(realdata, name)));

/** The latest row of each video of trending files; a video in several files keeps the first file's rows. */
export async function trendingVideos(files: string[]): Promise<Map<string, VideoFacts & { file: string }>> {
  const videos = new Map<string, VideoFacts & { file: string }>();
  for (const full of files) {
    let columns: Partial<Record<VideoField, string>> | undefined;
    for await (const row of readCsv(full)) {
      columns ??= columnsOf<VideoField>('videos', Object.keys(row.cells), full);
      let video: VideoFacts;
      try {
        video = videoFromRow(row.cells, columns, `${path.basename(full)}:${row.line}`);
      } catch (error) {
        // A row that is no video (a spreadsheet's `#NAME?` id) has no label; a labelled video that is missing
        // still stops the evaluation (evaluate).
        if (error instanceof BadValue) continue;
        throw error;
      }
      if (!videos.has(video.videoId) || videos.get(video.videoId)?.file === full)
        videos.set(video.videoId, { ...video, file: full });
    }
  }
  return videos;
}

/** Languages scored on their own; the others are pooled as `other`. */
const LANGUAGES = ['en', 'fr', 'de', 'es', 'pt'];

/** The language a video is scored under: ELD's on its title and description, or `other`. */
export function languageOf(video: { title: string; description: string }): string {
  const language = identifyLanguage(`${video.title}\n${video.description}`) ?? 'unidentified';
  return LANGUAGES.includes(language) ? language : 'other';
}

export interface Score {
  videos: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** 95% intervals from resampling the videos: a few videos with many pairs make a small set's figure loose. */
  precisionInterval: [number, number];
  recallInterval: [number, number];
}

export interface Miss {
  videoId: string;
  channel: string;
  name: string;
  text: string;
  cause?: string;
}

export interface Evaluation {
  scores: Record<string, Score>;
  /** Precision of what each rule found, apart for brands the registry knows and names it does not (ruleCell). */
  byRule: Record<string, Score>;
  falsePositives: (Miss & { split: Label['split'] })[];
  falseNegatives: (Miss & { split: Label['split'] })[];
  causes: Record<string, Record<string, number>>;
}

/** What is scored against the labels: a video's sponsors, each with its evidence and what found it. */
export type Reader = (video: VideoFacts, label: Label) => Found[];
type Found = { name: string; text: string; rule: string; brand?: unknown };

/** The cell of the confidence table a finding falls in: its rule, and whether the registry knows its brand. */
export const ruleCell = (found: Pick<Found, 'rule' | 'brand'>) => `${found.rule} ${found.brand ? 'known' : 'new'}`;

/** The rules alone, taking every candidate they accept. */
export const rulesReader =
  (registry: Registry): Reader =>
  (video) =>
    detectSponsors(video, { title: video.channelTitle ?? '', handle: null }, registry);

/** The detector as `npm run import` reads a video: the rules' candidates, scored, kept at the threshold. */
export const scorerReader =
  (detector: Detector, threshold = detector.scorer.threshold): Reader =>
  (video) =>
    sponsorsOf(video, { title: video.channelTitle ?? '', handle: null }, detector, threshold);

/**
 * A second reader's labels of the same videos (a person or a helper who never saw the first labels): how far two
 * careful readers agree bounds what the detector can be asked for. Its pairs are "found", attributed to the rule
 * `second reader`.
 */
export function secondReader(labels: Label[]): Reader {
  const byVideo = new Map(labels.map((l) => [l.videoId, l]));
  return (video) => {
    const label = byVideo.get(video.videoId);
    if (!label) throw new Error(`the second reader did not label ${video.videoId}`);
    return label.sponsors.map((s) => ({ name: s.name, text: s.text, rule: 'second reader' }));
  };
}

/** A label and the set it comes from, when several sets are scored together (`--labels a.jsonl b.jsonl`). */
export type SetLabel = Label & { set?: string };

export function evaluate(
  labels: SetLabel[],
  videos: Map<string, VideoFacts>,
  registry: Registry,
  read: Reader,
): Evaluation {
  // Each key's videos, as [right, wrong, missed] pairs per video.
  const tallies = new Map<string, Counts[]>();
  const byRule = new Map<string, Counts[]>();
  const falsePositives: Evaluation['falsePositives'] = [];
  const falseNegatives: Evaluation['falseNegatives'] = [];
  const causes: Evaluation['causes'] = {};
  const canonical = (name: string) => {
    const found = registry.byNameOf(name);
    return foldName(found && 'brand' in found ? found.brand.name : name);
  };
  for (const label of labels) {
    const video = videos.get(label.videoId);
    if (!video) throw new Error(`labelled video ${label.videoId} is not in the trending files read`);
    const channel = video.channelTitle ?? '';
    const found = read(video, label);
    const expected = new Map(label.sponsors.map((s) => [canonical(s.name), s]));
    const detected = new Map(found.map((f) => [matching(canonical(f.name), expected), f]));
    // By the language the video is written in (ELD on its title and description), as the detector reads it.
    const part = label.set ?? label.split;
    const keys = [`${part}`, `${part} ${languageOf(video)}`];
    if (label.set) keys.push(label.split);
    const counts: Counts = [0, 0, 0];
    for (const key of keys) {
      if (!tallies.has(key)) tallies.set(key, []);
      tallies.get(key)?.push(counts);
    }
    const cells = new Map<string, Counts>();
    for (const [name, finding] of detected) {
      const hit = expected.has(name);
      counts[hit ? 0 : 1] += 1;
      const cell = cells.get(ruleCell(finding)) ?? [0, 0, 0];
      cell[hit ? 0 : 1] += 1;
      cells.set(ruleCell(finding), cell);
      if (!hit) {
        const cause = causeOf(finding, label);
        falsePositives.push({
          videoId: label.videoId,
          channel,
          name: finding.name,
          text: finding.text,
          cause,
          split: label.split,
        });
        causes[label.split] ??= {};
        (causes[label.split] as Record<string, number>)[cause] =
          ((causes[label.split] as Record<string, number>)[cause] ?? 0) + 1;
      }
    }
    for (const [key, cell] of cells) {
      if (!byRule.has(key)) byRule.set(key, []);
      byRule.get(key)?.push(cell);
    }
    for (const [name, sponsor] of expected) {
      if (detected.has(name)) continue;
      counts[2] += 1;
      falseNegatives.push({
        videoId: label.videoId,
        channel,
        name: sponsor.name,
        text: sponsor.text,
        split: label.split,
      });
    }
  }
  const scored = (map: Map<string, Counts[]>) =>
    Object.fromEntries(
      [...map].sort(([a], [b]) => a.localeCompare(b)).map(([key, perVideo]) => [key, scoreOf(perVideo)]),
    );
  return { scores: scored(tallies), byRule: scored(byRule), falsePositives, falseNegatives, causes };
}

/** A video's right, wrong and missed (video, brand) pairs. */
type Counts = [number, number, number];

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const sum = (perVideo: Counts[]) =>
  perVideo.reduce<Counts>((total, c) => [total[0] + c[0], total[1] + c[1], total[2] + c[2]], [0, 0, 0]);

/** Precision and recall with percentile intervals from 2,000 resamplings of the videos (seeded: reruns agree). */
export function scoreOf(perVideo: Counts[]): Score {
  const [tp, fp, fn] = sum(perVideo);
  const precisions: number[] = [];
  const recalls: number[] = [];
  const random = new Random(2026);
  for (let round = 0; round < 2000; round += 1) {
    const [t, f, n] = sum(perVideo.map(() => perVideo[random.int(0, perVideo.length - 1)] as Counts));
    precisions.push(ratio(t, t + f));
    recalls.push(ratio(t, t + n));
  }
  const interval = (values: number[]): [number, number] => {
    values.sort((a, b) => a - b);
    return [
      values[Math.floor(values.length * 0.025)] as number,
      values[Math.ceil(values.length * 0.975) - 1] as number,
    ];
  };
  return {
    videos: perVideo.length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    precisionInterval: interval(precisions),
    recallInterval: interval(recalls),
  };
}

/**
 * The label a detected name stands for: the same folded name, or one that starts with the other (a brand and its
 * product: `SkyBound Stratos` for `SkyBound`), at least four characters long.
 */
export function matching(name: string, expected: Map<string, unknown>): string {
  if (expected.has(name)) return name;
  for (const key of expected.keys())
    if (Math.min(key.length, name.length) >= 4 && (key.startsWith(name) || name.startsWith(key))) return key;
  return name;
}

/** Why a detected brand is not in the labels: the label has a brand on the same line (a misread name), or not. */
function causeOf(finding: Found, label: Label): string {
  if (label.sponsors.some((s) => finding.text.includes(s.text) || s.text.includes(finding.text)))
    return 'wrong name for a labelled deal';
  if (label.sponsors.length === 0 && label.note.match(/own|merch|self|propre/i)) return 'self-promotion';
  return `no sponsor in the label (${finding.rule})`;
}
