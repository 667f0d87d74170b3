import type { TestProject } from 'vitest/node';
import { loadSharedDataset } from './support/catalog.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedDataset: { prefix: string; dir: string };
  }
}

/** Loads the generated dataset that read-only files share (support/catalog.ts, `sharedDataset`) once per run. */
export default async function setup(project: TestProject) {
  const { prefix, dir, drop } = await loadSharedDataset(project.getProvidedContext().opensearchUrl);
  project.provide('sharedDataset', { prefix, dir });
  return drop;
}
