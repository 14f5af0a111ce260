import 'server-only';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getBrandEnv } from '@/lib/env';
import { BrandError, parseBrand, type TBrand } from './schema';

/** Reads and validates a brand file (testable: no caching); env overrides win over the file's values. */
export function loadBrand(file: string, overrides: Parameters<typeof parseBrand>[1]): TBrand {
  let raw: unknown;
  try {
    // turbopackIgnore: the brand file is chosen at run time; the build must not trace the whole project for it.
    raw = JSON.parse(readFileSync(resolve(/* turbopackIgnore: true */ process.cwd(), file), 'utf8'));
  } catch (error) {
    throw new BrandError(`Cannot read brand file BRAND_FILE=${file}: ${(error as Error).message}`);
  }
  return parseBrand(raw, overrides, file);
}

let cached: TBrand | undefined;

/** The deployment's brand (BRAND_FILE plus BRAND_* overrides), read at first use and kept for the process. */
export function getBrand(): TBrand {
  if (!cached) {
    const env = getBrandEnv();
    cached = loadBrand(env.brandFile, env.overrides);
  }
  return cached;
}
