// The detector's answer for a video: every brand its rules proposed, scored by the learned scorer, each with the line
// that shows it and a confidence. What the import keeps and eval-sponsors scores.
import type { ChannelIdentity, Finding, VideoText } from './detect.ts';
import { candidatesOf } from './features.ts';
import { loadMinedBrands, type MinedBrands } from './mined.ts';
import { Registry } from './registry.ts';
import { Scorer } from './scorer.ts';

/** What the detector knows: the registry analysts edit, the brands mined across channels, the trained scorer. */
export interface Detector {
  registry: Registry;
  mined: MinedBrands;
  scorer: Scorer;
}

export const loadDetector = (): Detector => ({
  registry: Registry.load(),
  mined: loadMinedBrands(),
  scorer: Scorer.load(),
});

export interface ScoredFinding extends Finding {
  /** The probability a careful reader counts it, from the scorer. */
  confidence: number;
}

/**
 * Below this, a candidate is not kept at all: the evidence endpoint's `min_confidence` can ask for less than the
 * default threshold, never for what is almost surely no sponsor.
 */
export const KEPT_FROM = 0.2;

export function sponsorsOf(
  video: VideoText & { channelId?: string | null },
  channel: ChannelIdentity,
  { registry, mined, scorer }: Detector,
  from = KEPT_FROM,
): ScoredFinding[] {
  return candidatesOf(video, channel, registry, mined)
    .map((candidate) => ({ ...candidate.as, confidence: round(scorer.score(candidate)) }))
    .filter((finding) => finding.confidence >= from)
    .sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name));
}

const round = (p: number) => Math.round(p * 1000) / 1000;
