import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';

/*
 * Checks that the documentation tells the truth about the tree: every relative link of README.md and docs/ names a
 * file that exists (and a heading of it that exists, for `file.md#anchor`), and .env.example, the configuration table
 * of docs/deployment.md and the env modules name the same keys.
 */

/** The documentation: README.md and every Markdown file under docs/. */
export function documentationFiles(root: string): string[] {
  const files = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  if (existsSync(path.join(root, 'docs'))) walk('docs');
  return files.filter((file) => existsSync(path.join(root, file)));
}

function tokensOf(root: string, file: string): Token[] {
  return marked.lexer(readFileSync(path.join(root, file), 'utf8'));
}

/** The text a reader sees of inline tokens (what GitHub makes a heading's anchor from). */
function plainText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens);
      return 'text' in token ? String(token.text) : '';
    })
    .join('');
}

/** The anchors of a Markdown file's headings, as GitHub makes them (`## 7. Load: \`npm run load\`` → `7-load-npm-run-load`). */
export function headingAnchors(root: string, file: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  // walkTokens returns what its callback returns (for asynchronous extensions); these callbacks return nothing.
  void marked.walkTokens(tokensOf(root, file), (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  });
  return anchors;
}

/** Every link and image target of a Markdown file. */
function linkTargets(root: string, file: string): string[] {
  const targets: string[] = [];
  void marked.walkTokens(tokensOf(root, file), (token) => {
    if (token.type === 'link' || token.type === 'image') targets.push((token as Tokens.Link).href);
  });
  return targets;
}

/** Relative links (and `#anchors` into Markdown files) that lead nowhere, as `file: target — why`. */
export function brokenLinks(root: string, files: readonly string[] = documentationFiles(root)): string[] {
  const broken: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  for (const file of files) {
    for (const target of linkTargets(root, file)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: … : not a file of the tree
      const [rawPath = '', anchor] = target.split('#', 2);
      const targetPath = decodeURIComponent(rawPath);
      const resolved =
        targetPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), targetPath));
      const full = path.join(root, resolved);
      if (resolved.startsWith('..') || !existsSync(full)) {
        broken.push(`${file}: ${target} — ${resolved} does not exist`);
        continue;
      }
      if (anchor === undefined || anchor === '' || !resolved.endsWith('.md') || statSync(full).isDirectory()) continue;
      let anchors = anchorsOf.get(resolved);
      if (!anchors) anchorsOf.set(resolved, (anchors = headingAnchors(root, resolved)));
      if (!anchors.has(decodeURIComponent(anchor).toLowerCase()))
        broken.push(`${file}: ${target} — ${resolved} has no heading #${anchor}`);
    }
  }
  return broken;
}

/**
 * The modules that read configuration from the environment (docs/design.md §2): the only readers of process.env.
 * next.config.mjs reads the build's own keys, which Next loads before any module of ours.
 */
export const ENV_MODULES = ['lib/env.ts', 'partner-api/env.ts', 'scripts/web-server.ts', 'next.config.mjs'] as const;

/** Read by an env module for the tests alone, documented in docs/contributing.md rather than for operators. */
const TEST_ONLY_KEYS = new Set(['PARTNER_API_TEST_DB']);

/** Keys `.env.example` lists (commented out or set: `# KEY=value`, `KEY=value`). */
export function exampleKeys(root: string): Set<string> {
  const text = readFileSync(path.join(root, '.env.example'), 'utf8');
  return new Set([...text.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
}

/** Keys an env module reads: its zod schema's members (`KEY: z…`) and any direct `process.env.KEY`. */
export function moduleKeys(root: string, file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8');
  const keys = [
    ...[...text.matchAll(/^[ \t]+([A-Z][A-Z0-9_]*)\??:/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)].map((match) => match[1]!),
  ];
  return new Set(keys.filter((key) => !TEST_ONLY_KEYS.has(key)));
}

/** Keys in the first column of docs/deployment.md's tables (`| \`KEY\` | …`). */
export function deploymentKeys(root: string): Set<string> {
  const keys = new Set<string>();
  void marked.walkTokens(tokensOf(root, 'docs/deployment.md'), (token) => {
    if (token.type !== 'table') return;
    for (const row of (token as Tokens.Table).rows) {
      const first = row[0]?.tokens;
      if (first?.length === 1 && first[0]!.type === 'codespan') {
        const key = (first[0] as Tokens.Codespan).text;
        if (/^[A-Z][A-Z0-9_]*$/.test(key)) keys.add(key);
      }
    }
  });
  return keys;
}

/** Each disagreement between .env.example, docs/deployment.md and the env modules, naming the key and the file. */
export function envKeyProblems(root: string): string[] {
  const example = exampleKeys(root);
  const documented = deploymentKeys(root);
  const read = new Map<string, string>();
  for (const file of ENV_MODULES) {
    if (!existsSync(path.join(root, file))) continue;
    for (const key of moduleKeys(root, file)) if (!read.has(key)) read.set(key, file);
  }
  const problems: string[] = [];
  for (const key of example) {
    if (!documented.has(key)) problems.push(`${key}: in .env.example, missing from the table of docs/deployment.md`);
    if (!read.has(key)) problems.push(`${key}: in .env.example, read by no env module (${ENV_MODULES.join(', ')})`);
  }
  for (const [key, file] of read) {
    if (!example.has(key)) problems.push(`${key}: read by ${file}, missing from .env.example`);
    if (!documented.has(key)) problems.push(`${key}: read by ${file}, missing from the table of docs/deployment.md`);
  }
  for (const key of documented) {
    if (!example.has(key) && !read.has(key))
      problems.push(`${key}: in the table of docs/deployment.md, but in neither .env.example nor an env module`);
  }
  return problems;
}
