import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A file's SHA-256, streamed: the launcher checks every archive it fetches against a pinned digest. */
export function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
