// The shared real data (../shared/realdata beside the repository). Tests that read it fail loudly when it is missing,
// rather than skip: CI and every developer machine have it.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function realdata(): string {
  const dir = path.resolve(import.meta.dirname, '../../../shared/realdata');
  if (!existsSync(path.join(dir, 'trending-2017-US.csv')))
    throw new Error(
      `the shared real data is missing at ${dir}: these tests read it from there (see ../shared/realdata/README.md)`,
    );
  return dir;
}
