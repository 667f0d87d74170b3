// `npm run import -- explain <videoId>`: why the detector found, or did not find, each sponsor of one video: every
// line a rule looked at, the name it read there, and what became of it.
import path from 'node:path';
import { columnsOf, type VideoField } from '../csv/columns.ts';
import { readCsv } from '../csv/read.ts';
import { videoFromRow } from '../csv/rows.ts';
import type { VideoFacts } from '../model.ts';
import { type Decision, detectSponsors } from './detect.ts';
import type { Registry } from './registry.ts';

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

export async function explainVideo(videoId: string, files: string[], registry: Registry): Promise<string> {
  const video = await findVideo(videoId, files);
  if (!video) throw new Error(`video ${videoId} is not in ${files.join(', ')}`);
  const decisions: Decision[] = [];
  const found = detectSponsors(video, { title: video.channelTitle, handle: null }, registry, {
    trace: (d) => decisions.push(d),
  });
  const lines = [
    `${video.videoId} · ${video.channelTitle ?? video.channelId} · ${video.publishedAt.slice(0, 10)} · ${video.source}`,
    `"${video.title}"`,
    '',
    found.length === 0
      ? 'Sponsors: none.'
      : `Sponsors: ${found.map((f) => `${f.name}${f.brand ? '' : ' (not in the brand registry)'}`).join(', ')}.`,
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
