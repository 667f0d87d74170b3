// Progress of long work (the indexer's documents, the importer's kilobytes): a bar on a terminal, plain lines in logs.
import { createReadStream } from 'node:fs';
import cliProgress from 'cli-progress';

export interface Progress {
  tick(amount?: number): void;
  stop(): void;
}

/** Counts lines without parsing them, so progress can show a total and an ETA. */
export async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    for (let i = (chunk as Buffer).indexOf(10); i !== -1; i = (chunk as Buffer).indexOf(10, i + 1)) lines += 1;
  }
  return lines;
}

/** A progress bar on a terminal; plain lines (every 10% or 10 s) in logs and CI. */
/** `unit` names what `total` counts: documents for the indexer, kilobytes read for the importer. */
export function createProgress(
  label: string,
  total: number,
  out: NodeJS.WriteStream = process.stdout,
  unit = 'docs',
): Progress {
  const started = Date.now();
  let done = 0;
  if (out.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label.padEnd(9)} {bar} {percentage}% | {value}/{total} ${unit} | {rate} ${unit}/s | ETA {eta_formatted}`,
        stream: out,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { rate: 0 });
    return {
      tick: (amount = 1) => {
        done += amount;
        bar.update(done, { rate: Math.round(done / Math.max((Date.now() - started) / 1000, 0.001)) });
      },
      stop: () => bar.stop(),
    };
  }
  let lastLine = started;
  let lastShare = 0;
  const line = () => {
    const seconds = (Date.now() - started) / 1000;
    const rate = Math.round(done / Math.max(seconds, 0.001));
    out.write(
      `${label}: ${done}/${total} ${unit} (${Math.floor((100 * done) / Math.max(total, 1))}%), ${rate} ${unit}/s\n`,
    );
  };
  return {
    tick: (amount = 1) => {
      done += amount;
      const share = Math.floor((10 * done) / Math.max(total, 1));
      if (share > lastShare || Date.now() - lastLine > 10_000) {
        lastShare = share;
        lastLine = Date.now();
        line();
      }
    },
    stop: () => {
      if (done % Math.max(Math.ceil(total / 10), 1) !== 0) line();
    },
  };
}
