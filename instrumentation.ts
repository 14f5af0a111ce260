/** Next.js calls this once when a server instance starts. */
export async function register(): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- Next's documented runtime switch, set by Next, not configuration
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { coalesceHeaderWrites } = await import('./lib/http/coalesce-header-writes');
    coalesceHeaderWrites();
    // The catalogue mirror (sitemap) syncs on a schedule from the start, not from the first crawler's visit.
    const { startCatalogueSync } = await import('./lib/mirror/catalogue-mirror');
    try {
      startCatalogueSync();
    } catch (error) {
      // A configuration error is reported by the first request too; the server still starts.
      console.error(`[mirror] not started: ${error instanceof Error ? error.message : 'error'}`);
    }
  }
}
