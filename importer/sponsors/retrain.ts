// `npm run import -- train-scorer`: retrains the sponsor scorer from every labelled set whose videos are at hand.
// The rows come from this code's own features (training.ts); the trees from LightGBM in a Python environment of
// pinned packages the command makes once under .cache/, so the import that reads scorer.json never needs Python.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LABELS_FILE, readLabels, type SetLabel, trendingVideos } from './eval.ts';
import { loadMinedBrands } from './mined.ts';
import type { Registry } from './registry.ts';
import { SCORER_FILE } from './scorer.ts';
import { trainingRows } from './training.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const FRESH_DIR = path.join(ROOT, 'relevance/sponsors/fresh');
const VENV = path.join(ROOT, '.cache/sponsor-scorer-venv');

export interface RetrainInput {
  /** The shared trending files the shared labels read. */
  shared: string[];
  /** A folder with a subfolder of video exports per fresh set (`<set>/*.csv`). */
  videosDir: string;
  registry: Registry;
  log: (line: string) => void;
}

/** A labelled set's name: its file's, and the shared files' labels are `shared-2017`. */
export const setName = (file: string) =>
  path.resolve(file) === LABELS_FILE ? 'shared-2017' : path.basename(file, '.jsonl');

/** Writes the rows, trains, and returns the training's report. */
export async function retrain({ shared, videosDir, registry, log }: RetrainInput): Promise<string> {
  const mined = loadMinedBrands();
  const sets: { name: string; labels: SetLabel[]; files: string[] }[] = [
    { name: setName(LABELS_FILE), labels: readLabels(LABELS_FILE), files: shared },
  ];
  const missing: string[] = [];
  for (const file of readdirSync(FRESH_DIR).filter((f) => f.endsWith('.jsonl') && !f.startsWith('second-reader'))) {
    const name = setName(file);
    const dir = path.join(videosDir, name);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.csv')) : [];
    if (files.length === 0) missing.push(name);
    else
      sets.push({ name, labels: readLabels(path.join(FRESH_DIR, file)), files: files.map((f) => path.join(dir, f)) });
  }
  if (missing.length > 0) log(`no videos for ${missing.join(', ')} under ${videosDir}: trained without them`);
  const work = path.join(ROOT, '.cache/sponsor-scorer');
  mkdirSync(work, { recursive: true });
  const rowFiles: string[] = [];
  for (const set of sets) {
    const rows = trainingRows(
      set.labels.map((label) => ({ ...label, set: set.name })),
      await trendingVideos(set.files),
      registry,
      mined,
    );
    const file = path.join(work, `${set.name}.jsonl`);
    writeFileSync(file, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
    rowFiles.push(file);
    log(`${set.name}: ${set.labels.length} videos, ${rows.length - set.labels.length - 1} candidates`);
  }
  const python = pythonWithLightgbm(log);
  return execFileSync(python, [path.join(import.meta.dirname, 'train.py'), ...rowFiles, '--out', SCORER_FILE], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** The environment's Python, made with the pinned packages the first time. */
function pythonWithLightgbm(log: (line: string) => void): string {
  const python = path.join(VENV, 'bin/python');
  if (!existsSync(python)) {
    log(`making a Python environment for the training in ${path.relative(ROOT, VENV)} (once)…`);
    execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
    execFileSync(
      python,
      ['-m', 'pip', 'install', '--quiet', '-r', path.join(import.meta.dirname, 'requirements.txt')],
      {
        stdio: 'inherit',
      },
    );
  }
  return python;
}
