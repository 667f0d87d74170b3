// `npm run client:python`: regenerates the Python client's generated package (clients/python/csi_client/_generated/)
// from the OpenAPI document this checkout serves, with the openapi-python-client pinned in generator-requirements.txt
// (installed once into .cache/python-generator), and writes that document beside it (clients/python/openapi.json).
// test/integration/python-client-document.test.ts compares the committed document with the served one, so CI needs
// no generator to notice that the client is behind.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommandLine } from '../../../common/cli.ts';
import { servedDocument } from '../../../scripts/openapi-document.ts';
import { ensureVenv, runChecked } from './venv.ts';

const CLIENT_DIR = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(CLIENT_DIR, '../..');
export const DOCUMENT_FILE = path.join(CLIENT_DIR, 'openapi.json');
const GENERATED_DIR = path.join(CLIENT_DIR, 'csi_client/_generated');
const REQUIREMENTS = path.join(CLIENT_DIR, 'generator-requirements.txt');
const GENERATOR_VENV = path.join(REPO_ROOT, '.cache/python-generator');

/** The document as committed: stable key order (the app's), two-space indent, a final newline. */
export const renderDocument = (document: Record<string, unknown>) => `${JSON.stringify(document, null, 2)}\n`;

async function generate(): Promise<void> {
  const document = renderDocument(await servedDocument());
  const venv = await ensureVenv(GENERATOR_VENV, readFileSync(REQUIREMENTS, 'utf8'), async ({ python }) => {
    await runChecked(python, ['-m', 'pip', 'install', '--quiet', '--no-deps', '-r', REQUIREMENTS]);
  });
  // Generated next to the target (one file system, so the swap is a rename), then swapped in whole: a file the
  // document no longer needs goes, and a failed run leaves the committed package as it was.
  mkdirSync(path.join(REPO_ROOT, '.cache'), { recursive: true });
  const work = mkdtempSync(path.join(REPO_ROOT, '.cache/python-generate-'));
  try {
    writeFileSync(path.join(work, 'openapi.json'), document);
    const out = path.join(work, '_generated');
    // The generator formats its output with ruff (its post-hooks), which it finds on the PATH: the venv's, pinned.
    // Without RUFF_NO_CACHE, ruff would leave its cache inside the package.
    await runChecked(
      path.join(venv.bin, 'openapi-python-client'),
      [
        'generate',
        '--path',
        'openapi.json',
        '--meta',
        'none',
        '--output-path',
        out,
        '--fail-on-warning',
        '--config',
        path.join(CLIENT_DIR, 'generator.yaml'),
      ],
      {
        cwd: work,
        env: { ...process.env, PATH: `${venv.bin}${path.delimiter}${process.env.PATH ?? ''}`, RUFF_NO_CACHE: 'true' },
      },
    );
    rmSync(GENERATED_DIR, { recursive: true, force: true });
    mkdirSync(path.dirname(GENERATED_DIR), { recursive: true });
    renameSync(out, GENERATED_DIR);
    writeFileSync(DOCUMENT_FILE, document);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `Wrote ${path.relative(process.cwd(), GENERATED_DIR)}/ and ${path.relative(process.cwd(), DOCUMENT_FILE)}`,
  );
}

if (process.argv[1] === import.meta.filename) {
  parseCommandLine(
    `Usage: npm run client:python
  regenerates clients/python/csi_client/_generated/ and clients/python/openapi.json from the OpenAPI document this
  checkout serves, with the openapi-python-client pinned in clients/python/generator-requirements.txt`,
    {},
  );
  await generate();
}
