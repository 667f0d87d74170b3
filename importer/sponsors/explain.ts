// `npm run import -- explain <videoId>`: why the detector found, or did not find, each sponsor of one video: every
// line a rule looked at, the name it read there, and what became of it.
import path from 'node:path';
import { columnsOf, type VideoField } from '../csv/columns.ts';
import { readCsv } from '../csv/read.ts';
import { videoFromRow } from '../csv/rows.ts';
import type { VideoFacts } from '../model.ts';
import { type Decision, detectSponsors } from './detect.ts';
import { candidatesOf } from './features.ts';
import type { Detector } from './find.ts';

/** The video's latest reading in the given video exports. */
async function findVideo(videoId: string, files: string[]): Promise<VideoFacts | undefined> {
  let found: VideoFacts | undefined;
  for (const file of files) {
    let columns: Partial<Record<VideoField, string>> | undefined;
    for await (const row of readCsv(file, { skipBad: true })) {
      columns ??= columnsOf<VideoField>('videos', Object.keys(row.cells), file);
      if (row.cells[columns.videoId as string] !== videoId) continue;
      const video = videoFromRow(row.cells, columns, `${path.basename(file)}:${row.line}`);
      if (!found || (video.seenOn ?? '') >= (found.seenOn ?? '')) found = video;
    }
  }
  return found;
}

export async function explainVideo(videoId: string, files: string[], detector: Detector): Promise<string> {
  const video = await findVideo(videoId, files);
  if (!video) throw new Error(`video ${videoId} is not in ${files.join(', ')}`);
  const decisions: Decision[] = [];
  const channel = { title: video.channelTitle, handle: null };
  detectSponsors(video, channel, detector.registry, { trace: (d) => decisions.push(d) });
  const { scorer } = detector;
  const scored = candidatesOf(video, channel, detector.registry, detector.mined)
    .map((candidate) => ({ candidate, score: scorer.score(candidate) }))
    .sort((a, b) => b.score - a.score);
  const counted = scored.filter((s) => s.score >= scorer.threshold);
  const lines = [
    `${video.videoId} · ${video.channelTitle ?? video.channelId} · ${video.publishedAt.slice(0, 10)} · ${video.source}`,
    `"${video.title}"`,
    '',
    counted.length === 0
      ? `Sponsors: none at or above the default threshold (${scorer.threshold}).`
      : `Sponsors (at or above ${scorer.threshold}): ${counted.map(({ candidate, score }) => `${candidate.name} ${score.toFixed(2)}${candidate.as.brand ? '' : ' (not in the brand registry)'}`).join(', ')}.`,
    '',
    scored.length === 0
      ? 'No candidate.'
      : 'Each candidate the scorer weighed, with its score and the features that are not 0:',
    ...scored.map(({ candidate, score }) =>
      [
        `  ${score.toFixed(3)} ${candidate.name} [${candidate.as.rule}${candidate.finding ? ', taken by the rules' : ''}]`,
        `      ${Object.entries(candidate.values)
          .filter(([, value]) => value !== 0)
          .map(([name, value]) => `${name}=${Number.isInteger(value) ? value : value.toFixed(2)}`)
          .join(' ')}`,
        `      words around it: ${scorer.known(candidate.tokens).join(' ') || '(none the model knows)'}`,
        `      "${candidate.as.text.length > 160 ? `${candidate.as.text.slice(0, 157)}…` : candidate.as.text}"`,
      ].join('\n'),
    ),
    '',
    decisions.length === 0
      ? 'No line looked like a disclosure, a deal, a partners list or a vanity link.'
      : 'What each rule read:',
    ...decisions.map(
      (d) =>
        `  [${d.rule}] ${d.candidate || '(no name)'} → ${d.outcome}\n      "${d.line.length > 160 ? `${d.line.slice(0, 157)}…` : d.line}"`,
    ),
  ];
  return lines.join('\n');
}
