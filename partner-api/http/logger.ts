import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { ServiceConfig } from '../env';

/** Never written to logs, wherever they appear in a logged object (tokens and secrets, docs/design.md §2). */
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

/** `human` for a person at a terminal, `json` for anything that stores or ships the lines. */
export type LogFormat = 'human' | 'json';

/** Human lines when stdout is a terminal, JSON otherwise (a pipe, a file, a log collector). */
export function logFormatFor(stream: { isTTY?: boolean }): LogFormat {
  return stream.isTTY ? 'human' : 'json';
}

/**
 * A pino-pretty stream: time, level and message on one line. The structured fields that the message already says
 * (request details, the traffic summary's numbers) stay in the JSON format only; errors keep their stack. Synchronous,
 * so it runs in this process without pino's worker-thread transports (the service is bundled into one file).
 */
export function createHumanStream(destination?: NodeJS.WritableStream): DestinationStream {
  return pretty({
    // Colours only on a terminal (pino-pretty's default detection); plain text into any other stream.
    ...(destination ? { colorize: false, destination } : {}),
    translateTime: 'SYS:HH:MM:ss',
    // A request's lines start with its id, so the lines of one request can be picked out of a busy terminal.
    messageFormat: '{if requestId}[{requestId}] {end}{msg}',
    ignore: 'pid,hostname,requestId,traceId,req,res,responseTime,traffic',
    sync: true,
  });
}

/**
 * The service's pino logger: the configured level, secrets redacted. Without `destination` it writes to stdout in
 * the format `logFormatFor(process.stdout)` picks.
 */
export function createServiceLogger(level: ServiceConfig['logLevel'], destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (destination) return pino(options, destination);
  return logFormatFor(process.stdout) === 'human' ? pino(options, createHumanStream()) : pino(options);
}
