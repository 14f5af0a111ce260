import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles';
import { tempTrees } from './temp-tree';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the import graph', () => {
  it('has no cycle, and every import of ours resolves', async () => {
    const { cycles, unresolved } = await findImportCycles(ROOT);
    // A cycle is broken by moving the shared type (or the registry's entry type) into a module of its own that
    // imports neither side, as partner-api/store/*/migrations/migration.ts and store-opener.ts do.
    expect(
      cycles.map((cycle) => cycle.join(' → ')),
      'import cycles',
    ).toEqual([]);
    expect(unresolved, 'imports that name no file').toEqual([]);
  }, 180_000);
});

describe('findImportCycles', () => {
  const trees = tempTrees('cycles');
  /** A throwaway tree with the repository's `@/` alias. */
  const tree = (files: Record<string, string>) =>
    trees({
      'tsconfig.json': JSON.stringify({ compilerOptions: { moduleResolution: 'bundler', paths: { '@/*': ['./*'] } } }),
      ...files,
    });

  it('finds planted cycles: through an alias and a type-only import, and through a dynamic import', async () => {
    const dir = tree({
      'lib/registry.ts': "import { first } from './steps/first';\nexport const STEPS = [first];\n",
      'lib/steps/first.ts': "import type { Step } from '@/lib/step';\nexport const first: Step = { n: 1 };\n",
      'lib/step.ts':
        "import type { STEPS } from './registry';\nexport interface Step { n: number }\nexport type All = typeof STEPS;\n",
      'store/open.ts': "export async function open() { return import('./sqlite/open'); }\n",
      'store/sqlite/open.ts': "import type { open } from '../open';\nexport type Opener = typeof open;\n",
      'lib/fine.ts': "import { first } from './steps/first';\nexport const n = first.n;\n",
    });
    const { cycles, unresolved } = await findImportCycles(dir);
    expect(unresolved).toEqual([]);
    expect(cycles.map((cycle) => [...cycle].sort())).toEqual(
      expect.arrayContaining([
        ['lib/registry.ts', 'lib/step.ts', 'lib/steps/first.ts'],
        ['store/open.ts', 'store/sqlite/open.ts'],
      ]),
    );
    expect(cycles).toHaveLength(2);
  }, 60_000);

  it('finds none once the shared type imports neither side, and names an import that resolves to nothing', async () => {
    const dir = tree({
      'lib/registry.ts': "import { first } from './steps/first';\nexport const STEPS = [first];\n",
      'lib/steps/first.ts': "import type { Step } from '@/lib/step';\nexport const first: Step = { n: 1 };\n",
      'lib/step.ts': 'export interface Step { n: number }\n',
      'lib/typo.ts': "import { STEPS } from '@/lib/registri';\nexport const all = STEPS;\n",
    });
    const { cycles, unresolved } = await findImportCycles(dir);
    expect(cycles).toEqual([]);
    expect(unresolved).toEqual(['lib/typo.ts: @/lib/registri']);
  }, 60_000);
});
