// Public comment exports read as one channel's sample per file: a CSV or a JSON array, its columns found by name
// (the YouTube API's, and those public datasets use). Comments from July–August 2020 are held out, as everywhere in
// this project; a file without dates is read in a fixed shuffled order, since exports group comments by video and a
// sample of a channel's latest comments spans its videos.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Random } from '../../indexer/generate/random.ts';
import { readCsv } from '../csv/read.ts';

export interface ExportedComment {
  text: string;
  author: string;
  date: string | null;
  videoId: string | null;
}

const COLUMNS = {
  text: ['comment_text', 'content', 'text', 'comment', 'textoriginal', 'textdisplay'],
  author: ['comment_author', 'author', 'authordisplayname'],
  date: ['date', 'published_at', 'publishedat'],
  videoId: ['video_id', 'videoid'],
} as const;

const HELD_OUT = /^2020-0[78]/;

function pick(record: Record<string, unknown>, names: readonly string[]): string | null {
  for (const [key, value] of Object.entries(record))
    if (names.includes(key.trim().toLowerCase()) && typeof value === 'string' && value.trim()) return value.trim();
  return null;
}

async function* records(file: string): AsyncGenerator<Record<string, unknown>> {
  if (file.endsWith('.json')) {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of comments`);
    yield* parsed as Record<string, unknown>[];
    return;
  }
  for await (const row of readCsv(file, { skipBad: true })) yield row.cells;
}

/** A file's comments in the order a sample would read them, without held-out and excluded ones. */
export async function readCommentFile(file: string, excludeVideos: Set<string>): Promise<ExportedComment[]> {
  const comments: ExportedComment[] = [];
  for await (const record of records(file)) {
    const text = pick(record, COLUMNS.text);
    if (!text) continue;
    const comment = {
      text,
      author: pick(record, COLUMNS.author) ?? '',
      date: pick(record, COLUMNS.date),
      videoId: pick(record, COLUMNS.videoId),
    };
    if ((comment.date && HELD_OUT.test(comment.date)) || (comment.videoId && excludeVideos.has(comment.videoId)))
      continue;
    comments.push(comment);
  }
  if (comments.every((c) => c.date)) return comments.sort((a, b) => (b.date as string).localeCompare(a.date as string));
  const random = new Random(7);
  for (let i = comments.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [comments[i], comments[j]] = [comments[j] as ExportedComment, comments[i] as ExportedComment];
  }
  return comments;
}

/** `Bahia_videos_and_comments.csv` → `Bahia`. */
export const channelOfFile = (file: string) =>
  path
    .basename(file)
    .replace(/\.(csv|json)$/i, '')
    .replace(/_(videos_and_)?comments$/i, '')
    .replace(/_/g, ' ');
