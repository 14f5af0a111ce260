import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { ZSourceRecordSchema } from '@/lib/contract/ingest';

/*
 * Writes the JSON Schema of one NDJSON line (a source record) from its zod schema, for partners' tools:
 * `npx tsx scripts/write-ingest-schema.ts [docs/source-record.schema.json]`. A test checks the committed file is current.
 */
export function sourceRecordJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ZSourceRecordSchema, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://eventmap.example/schemas/source-record.schema.json',
    title: 'SourceRecord',
  };
}

const target = process.argv[2];
if (target) {
  writeFileSync(target, JSON.stringify(sourceRecordJsonSchema(), null, 2) + '\n');
  console.log(`JSON Schema written to ${target}`);
}
