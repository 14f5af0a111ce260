import type { TIngestRejection } from '@/lib/contract/ingest';

/** One record as a format reader found it: a candidate source record (still to validate) or why it is unusable. */
export type ReadItem =
  | { position: number; unit: TIngestRejection['unit']; value: Record<string, unknown> }
  | { position: number; unit: TIngestRejection['unit']; error: string; recordId?: string };

/** The file is not the format it claims (or not a feed at all): nothing of it is imported. */
export class FormatError extends Error {
  override name = 'FormatError';
}
