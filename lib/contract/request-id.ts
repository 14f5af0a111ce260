/*
 * Request ids and W3C trace context as both programs read them: the web app sends its request's id and trace to the
 * service, and both put them in log lines and problem bodies (docs/operations.md).
 */

/** The header a request id travels in, both ways (kept from the client when well-formed, echoed in the answer). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a client-sent id may look like to be kept: 1–128 characters of letters, digits and `._:-` (UUIDs, ULIDs, a
 * proxy's hex ids). Anything else — longer, spaces, quotes, control characters — could forge or break log lines and
 * is replaced.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The request's id: the client's `X-Request-Id` when it is one well-formed value, a fresh UUID otherwise. */
export function acceptRequestId(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : globalThis.crypto.randomUUID();
}

/** W3C trace context: version 00, a 32-hex trace id and a 16-hex parent id, neither all zeros. */
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})$/;

/** The trace id and flags of a W3C `traceparent` header, or undefined when there is none or it is malformed. */
export function parseTraceparent(
  header: string | string[] | undefined,
): { traceId: string; traceFlags: string } | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return undefined;
  return { traceId: match[1]!, traceFlags: match[3]! };
}

/** The trace id of a W3C `traceparent` header, or undefined when there is none or it is malformed. */
export function traceIdOfTraceparent(header: string | string[] | undefined): string | undefined {
  return parseTraceparent(header)?.traceId;
}
