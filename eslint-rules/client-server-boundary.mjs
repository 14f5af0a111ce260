/*
 * Keeps server-only code out of client modules. A module is a client module when it starts with the 'use client'
 * directive or imports 'client-only'; a module is server-only when it imports 'server-only'. A client module that
 * imports a server-only one (directly, by the `@/` alias or a relative path) is an error: Next would fail the build
 * at best, and at worst a secret-bearing module would be bundled for the browser. And the reverse: a server-only
 * module must not import a client-only one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];
const markerCache = new Map();

/** 'server' | 'client' | null for a source file, from its own markers. */
function markerOf(file) {
  if (markerCache.has(file)) return markerCache.get(file);
  let marker = null;
  try {
    const text = readFileSync(file, 'utf8');
    if (/^\s*import\s+['"]server-only['"]/m.test(text)) marker = 'server';
    else if (/^\s*(['"])use client\1/.test(text) || /^\s*import\s+['"]client-only['"]/m.test(text)) marker = 'client';
  } catch {
    marker = null;
  }
  markerCache.set(file, marker);
  return marker;
}

function resolveSpecifier(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = resolve(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else return null;
  if (existsSync(base) && !existsSync(`${base}/index.ts`)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid client modules importing server-only modules, and the reverse' },
    schema: [],
    messages: {
      serverInClient: "'{{specifier}}' is server-only and cannot be imported by a client module.",
      clientInServer: "'{{specifier}}' is client-only and cannot be imported by a server-only module.",
    },
  },
  create(context) {
    const file = context.filename;
    const own = markerOf(file);
    if (own === null) return {};
    const root = context.cwd;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(root, file, specifier);
      if (!target) return;
      const theirs = markerOf(target);
      if (own === 'client' && theirs === 'server')
        context.report({ node, messageId: 'serverInClient', data: { specifier } });
      if (own === 'server' && theirs === 'client')
        context.report({ node, messageId: 'clientInServer', data: { specifier } });
    };
    return {
      ImportDeclaration(node) {
        // Type-only imports vanish at compile time: a client module may name a server module's types.
        if (node.importKind === 'type') return;
        check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source && node.exportKind !== 'type') check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node, node.source.value);
      },
    };
  },
};

export default rule;
