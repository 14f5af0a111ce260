import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { INGEST_FORMATS, type TIngestFormat, type TIngestSummary } from '@/lib/contract/ingest';
import type { Store } from '@/partner-api/store/port';
import { isTimeZone } from './dates';
import { FormatError } from './formats/items';
import { ImportRefusedError, importItems, UnknownPartnerError } from './import';
import { createIngestKey } from './ingest-keys';
import { formatOfFileName, readFeed } from './read-feed';
import { DEFAULT_PARTNER_TIME_ZONE } from './resolve';

/** What a CLI command needs: the store (opened by the caller), its clock, and where to print. */
export interface CliContext {
  store: Store;
  nowMs: number;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The summary an import prints: counts, then each rejected record with its position and reason. */
export function summaryLines(summary: TIngestSummary): string[] {
  const lines = [
    `${summary.partner} (${summary.format}${summary.full ? ', full feed' : ''}): ${summary.records} records — ` +
      `${summary.created} created, ${summary.updated} updated, ${summary.merged} merged into existing events, ` +
      `${summary.unchanged} unchanged, ${summary.withdrawn} withdrawn (${summary.deleted} events deleted), ` +
      `${summary.rejected.length} rejected.`,
  ];
  if (summary.floatingTimeZone) {
    lines.push(`Dates without a time zone were read in ${summary.floatingTimeZone}.`);
  }
  for (const r of summary.rejected) {
    lines.push(`  rejected ${r.unit} ${r.position}${r.recordId ? ` (id ${r.recordId})` : ''}: ${r.reason}`);
  }
  return lines;
}

/** `import --partner <name> [--format F] [--full] <file>`; exit code 0, or 1 with a clear message and nothing written. */
export async function importFile(
  ctx: CliContext,
  options: { partner: string; file: string; format?: string; full?: boolean },
): Promise<number> {
  let format: TIngestFormat | null;
  if (options.format !== undefined) {
    format = (INGEST_FORMATS as readonly string[]).includes(options.format) ? (options.format as TIngestFormat) : null;
    if (!format) {
      ctx.err(`Unknown format "${options.format}"; use one of ${INGEST_FORMATS.join(', ')}.`);
      return 2;
    }
  } else {
    format = formatOfFileName(options.file);
    if (!format) {
      ctx.err(
        `Cannot tell the format of ${basename(options.file)} from its extension; pass --format (${INGEST_FORMATS.join(', ')}).`,
      );
      return 2;
    }
  }
  let text: string;
  try {
    text = await readFile(options.file, 'utf8');
  } catch (error) {
    ctx.err(`Cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 1;
  }
  try {
    const items = readFeed(text, format, { html: /\.html?$/i.test(options.file) });
    const summary = await importItems(ctx.store, items, {
      partner: options.partner,
      format,
      full: options.full ?? false,
      nowMs: ctx.nowMs,
    });
    for (const line of summaryLines(summary)) ctx.out(line);
    return 0;
  } catch (error) {
    if (error instanceof FormatError) {
      ctx.err(`${basename(options.file)} is not a valid ${format} feed: ${error.message}. Nothing was imported.`);
      return 1;
    }
    if (error instanceof UnknownPartnerError || error instanceof ImportRefusedError) {
      ctx.err(error.message);
      return 1;
    }
    throw error;
  }
}

function termOf(value: string | undefined, what: string, max = Infinity): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max)
    throw new RangeError(`${what} must be a number from 0${max < Infinity ? ` to ${max}` : ''}`);
  return n;
}

/** `partners add <name> [--logo URL] [--color #rrggbb] [--time-zone Z] [--commission-fix …]`: registers a partner. */
export async function addPartner(
  ctx: CliContext,
  name: string,
  options: {
    logo?: string;
    color?: string;
    timeZone?: string;
    commissionFix?: string;
    commissionPerTicket?: string;
    commissionPerCart?: string;
    commissionRate?: string;
  },
): Promise<number> {
  const clean = name.trim();
  if (clean === '' || clean.length > 100) {
    ctx.err('A partner name is 1 to 100 characters.');
    return 2;
  }
  const color = options.color ?? '#475569';
  if (!/^#[0-9a-f]{6}$/i.test(color)) {
    ctx.err('--color is a hex colour, e.g. #1d4ed8.');
    return 2;
  }
  if (options.logo !== undefined && !/^(https?:\/\/|\/)/.test(options.logo)) {
    ctx.err('--logo is an http(s) URL or a service path (/images/…).');
    return 2;
  }
  const timeZone = options.timeZone ?? DEFAULT_PARTNER_TIME_ZONE;
  if (!isTimeZone(timeZone)) {
    ctx.err(`--time-zone "${timeZone}" is not an IANA time zone (e.g. Europe/Paris).`);
    return 2;
  }
  let terms;
  try {
    terms = {
      commissionFix: termOf(options.commissionFix, '--commission-fix'),
      commissionPerTicket: termOf(options.commissionPerTicket, '--commission-per-ticket'),
      commissionPerCart: termOf(options.commissionPerCart, '--commission-per-cart'),
      commissionRate: termOf(options.commissionRate, '--commission-rate', 1),
    };
  } catch (error) {
    ctx.err((error as Error).message);
    return 2;
  }
  const created = await ctx.store.ingest.savePartner({
    name: clean,
    // Empty: the service's generated logo for a new partner, its current logo for a known one.
    logo: options.logo ?? '',
    backColor: color,
    timeZone,
    ...terms,
  });
  ctx.out(`Partner "${clean}" ${created ? 'registered' : 'updated'} (time zone ${timeZone}).`);
  return 0;
}

/** `partners key <name>`: a new ingest API key for a registered partner, printed once. */
export async function printIngestKey(ctx: CliContext, name: string): Promise<number> {
  if (!(await ctx.store.ingest.partner(name))) {
    ctx.err(`Unknown partner "${name}": register it first with \`partners add\`.`);
    return 1;
  }
  const key = await createIngestKey(ctx.store.ingest, name, ctx.nowMs);
  ctx.out(`Ingest key for "${name}" (shown only now; it writes this partner's records only):`);
  ctx.out(`  ${key}`);
  return 0;
}
