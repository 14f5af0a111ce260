import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOpenApiDocument } from '@/lib/contract/openapi';

/*
 * Writes the service's OpenAPI document to a file (default `.data/openapi.json`) for the linters of
 * `npm run lint:openapi`. The server URL is a placeholder: the running service writes its public URL.
 */
const target = process.argv[2] ?? '.data/openapi.json';
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, JSON.stringify(buildOpenApiDocument('http://127.0.0.1:4000'), null, 2) + '\n');
console.log(`OpenAPI document written to ${target}`);
