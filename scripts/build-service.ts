/**
 * Bundles the Partner API service (partner-api/cli.ts and what it imports from lib/contract and lib/shared) into one ES module,
 * so production runs plain `node` without a TypeScript loader. npm packages stay external (better-sqlite3 is native).
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['partner-api/cli.ts'],
  outfile: 'dist/partner-api/cli.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'info',
});
