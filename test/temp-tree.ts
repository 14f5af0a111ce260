import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Throwaway directory trees for the tests of the repository checks (test/docs-check.ts, test/import-cycles.ts): `make` copies `copies` (paths
 * relative to `from`) and writes `files` over them; every tree is removed after the file's tests.
 */
export function tempTrees(prefix: string) {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return function make(
    files: Record<string, string>,
    copies: { from: string; paths: readonly string[] } = { from: '', paths: [] },
  ) {
    const dir = mkdtempSync(path.join(tmpdir(), `eventmap-${prefix}-`));
    dirs.push(dir);
    for (const file of copies.paths) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      cpSync(path.join(copies.from, file), path.join(dir, file), { recursive: true });
    }
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
}
