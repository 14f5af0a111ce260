import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';

/** Source of ours: everything but dependencies, builds, reports and data. */
const SOURCE_FILES = '*.{ts,tsx,mts,mjs}';
const NOT_SOURCE_DIRS = [
  'node_modules',
  '.next',
  'dist',
  '.data',
  'coverage',
  'test-results',
  'playwright-report',
  'public',
];
const NOT_SOURCE = new RegExp(
  `(^|[/\\\\])(${NOT_SOURCE_DIRS.map((dir) => dir.replace('.', '\\.')).join('|')})[/\\\\]|\\.d\\.ts$`,
);

/**
 * Globs of the source under `root`, one per top-level folder that may hold any. dpdm resolves every file its entry
 * globs match before it applies `exclude`: a single `**` glob made it list and resolve node_modules' 17 000 files.
 * Hidden folders are left out, as a `**` glob leaves them.
 */
function sourceGlobs(root: string): string[] {
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !NOT_SOURCE_DIRS.includes(entry.name))
    .map((entry) => `${entry.name}/**/${SOURCE_FILES}`);
  return [SOURCE_FILES, ...folders];
}

/** Imports of files that are not modules (CSS modules, images): no edge of the graph is lost without them. */
const ASSET = /\.(css|svg|png|jpe?g|webp|woff2?|json)$/;

export interface ImportGraphCheck {
  /** Each cycle as the files it runs through, relative to the root. */
  cycles: string[][];
  /** Relative or `@/` imports that name no file: their edges would be missing, so a check must not pass over them. */
  unresolved: string[];
}

/**
 * Every import cycle among the source files under `root`. Type-only and dynamic imports count: a cycle of types still
 * ties two modules into one, and a module loaded on demand still depends on what it imports. `@/` paths resolve with
 * the root's tsconfig.json.
 */
export async function findImportCycles(root: string): Promise<ImportGraphCheck> {
  const tree = await parseDependencyTree(sourceGlobs(root), {
    cwd: root,
    context: root,
    tsconfig: path.join(root, 'tsconfig.json'),
    exclude: NOT_SOURCE,
    transform: false,
    skipDynamicImports: false,
  });
  const unresolved = Object.values(tree)
    .flatMap((deps) => deps ?? [])
    .filter((dep) => dep.id === null && /^(\.|@\/)/.test(dep.request) && !ASSET.test(dep.request))
    .map((dep) => `${dep.issuer}: ${dep.request}`);
  return { cycles: parseCircular(tree, false), unresolved };
}
