import pino, { type DestinationStream, type Logger } from 'pino';
import type { ServiceConfig } from '../env';

/** Never written to logs, wherever they appear in a logged object (tokens and secrets, DESIGN §2). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'clientSecret',
  'refreshToken',
  'accessToken',
  '*.clientSecret',
  '*.refreshToken',
  '*.accessToken',
];

/** The service's pino logger: the configured level, secrets redacted; `destination` defaults to stdout. */
export function createServiceLogger(level: ServiceConfig['logLevel'], destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
