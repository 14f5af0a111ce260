import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, ENV_MODULES, envKeyProblems, headingAnchors } from './docs-check';
import { tempTrees } from './temp-tree';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the documentation', () => {
  it('has no relative link to a missing file or heading (README.md and docs/)', () => {
    expect(brokenLinks(ROOT)).toEqual([]);
  });

  it('names the same configuration keys in .env.example, docs/deployment.md and the env modules', () => {
    expect(envKeyProblems(ROOT)).toEqual([]);
  });
});

describe('the checks', () => {
  const trees = tempTrees('docs');
  /** A copy of the documentation and configuration files, with `changes` written over it. */
  const copyWith = (changes: Record<string, string>) =>
    trees(changes, { from: ROOT, paths: ['README.md', 'docs', '.env.example', ...ENV_MODULES] });

  it('makes anchors as GitHub does', () => {
    const dir = copyWith({
      'docs/x.md': '# A\n## 7. Load: `npm run load`\n## Same\n## Same\n## [Linked](y.md) title\n',
    });
    expect([...headingAnchors(dir, 'docs/x.md')]).toEqual([
      'a',
      '7-load-npm-run-load',
      'same',
      'same-1',
      'linked-title',
    ]);
  });

  it('finds a link to a missing file, a missing heading, and one outside code only', () => {
    const dir = copyWith({
      'docs/x.md': [
        '[ok](deployment.md#postgresql) [ok too](../README.md) [here](#title) [web](https://example.com/nowhere)',
        '# Title',
        '[gone](notes/reliability.md) [no heading](deployment.md#not-there) [no here](#nope)',
        '`[in code](missing.md)`',
        '```',
        '[in a block](missing.md)',
        '```',
      ].join('\n\n'),
    });
    expect(brokenLinks(dir, ['docs/x.md'])).toEqual([
      'docs/x.md: notes/reliability.md — docs/notes/reliability.md does not exist',
      'docs/x.md: deployment.md#not-there — docs/deployment.md has no heading #not-there',
      'docs/x.md: #nope — docs/x.md has no heading #nope',
    ]);
  });

  it('names the key and the file when .env.example, the table or an env module misses a key', () => {
    const dir = copyWith({});
    const env = path.join(dir, 'partner-api/env.ts');
    const text = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    writeFileSync(
      env,
      text('partner-api/env.ts').replace(/^(\s+)LOG_LEVEL:/m, '$1PARTNER_API_PLANTED_READ: z.string(),\n$1LOG_LEVEL:'),
    );
    writeFileSync(path.join(dir, '.env.example'), `${text('.env.example')}# PARTNER_API_PLANTED_EXAMPLE=\n`);
    writeFileSync(
      path.join(dir, 'docs/deployment.md'),
      text('docs/deployment.md').replace(/^\| `LOG_LEVEL` .*\n/m, ''),
    );
    expect(envKeyProblems(dir).sort()).toEqual(
      [
        'PARTNER_API_PLANTED_EXAMPLE: in .env.example, missing from the table of docs/deployment.md',
        `PARTNER_API_PLANTED_EXAMPLE: in .env.example, read by no env module (${ENV_MODULES.join(', ')})`,
        'LOG_LEVEL: in .env.example, missing from the table of docs/deployment.md',
        'PARTNER_API_PLANTED_READ: read by partner-api/env.ts, missing from .env.example',
        'PARTNER_API_PLANTED_READ: read by partner-api/env.ts, missing from the table of docs/deployment.md',
        'LOG_LEVEL: read by partner-api/env.ts, missing from the table of docs/deployment.md',
      ].sort(),
    );
  });
});
