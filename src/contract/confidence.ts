// The default confidence threshold of a detected sponsorship. One constant rather than a setting: the indexer counts
// the contract's figures (sponsorshipCount, sponsor lists, sponsor search) from the evidence rows at or above it, and
// the evidence endpoint's min_confidence defaults to it, so the two can never disagree (README, "Decisions"). It is
// the trained scorer's threshold (importer/sponsors/scorer.json), and test/unit/importer/scorer.test.ts holds them equal.

/** Sponsorships with a confidence at or above this count in the contract's fields. */
export const DEFAULT_MIN_CONFIDENCE = 0.7;

/** Whether a sponsorship of this confidence counts in the contract's fields. */
export const counts = (confidence: number) => confidence >= DEFAULT_MIN_CONFIDENCE;
