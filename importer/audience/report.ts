// `npm run import -- audience-stability`: per comment file (one channel's sample), how many comments its language
// estimate needed to settle, and how much of the sample the other distributions could count; as a Markdown table.
import { channelOfFile, readCommentFile } from './comment-files.ts';
import { genderOf } from './names.ts';
import { languagesOf, SETTLED, stabilityOf } from './stability.ts';

const percent = (part: number, whole: number) => `${whole ? Math.round((100 * part) / whole) : 0}%`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export async function stabilityReport(files: string[], excludeVideos: Set<string>): Promise<string> {
  const rows: string[] = [];
  const settled: number[] = [];
  const halves: number[] = [];
  for (const file of files) {
    const comments = await readCommentFile(file, excludeVideos);
    if (comments.length === 0) continue;
    const stability = stabilityOf(languagesOf(comments.map((c) => c.text)));
    const authors = [...new Set(comments.map((c) => c.author).filter(Boolean))];
    const named = authors.filter((author) => genderOf(author)).length;
    const handles = authors.filter((author) => author.startsWith('@')).length;
    const top = stability.shares
      .slice(0, 3)
      .map(([language, share]) => `${language} ${Math.round(share * 100)}%`)
      .join(', ');
    settled.push(stability.settledAt);
    halves.push(stability.halfVsWhole);
    rows.push(
      `| ${channelOfFile(file)} | ${stability.comments} | ${percent(stability.identified, stability.comments)} | ${top} | ${stability.halfVsWhole.toFixed(3)} | ${stability.settledAt} | ${authors.length} | ${percent(handles, authors.length)} | ${percent(named, authors.length)} |`,
    );
  }
  return [
    `| channel | comments | language told | languages | half vs whole | settled at | commenters | @handles | unambiguous first name |`,
    `|---|---|---|---|---|---|---|---|---|`,
    ...rows,
    '',
    `${rows.length} channels. Settled (every larger prefix within ${SETTLED} of the whole sample, total variation distance) at a median of ${median(settled)} comments (most ${Math.max(...settled)}); the first half against the whole: median ${median(halves).toFixed(3)}, worst ${Math.max(...halves).toFixed(3)}.`,
  ].join('\n');
}
