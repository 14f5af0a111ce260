/** Next.js calls this once when a server instance starts. */
export async function register(): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- Next's documented runtime switch, set by Next, not configuration
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { coalesceHeaderWrites } = await import('./lib/http/coalesce-header-writes');
    coalesceHeaderWrites();
  }
}
