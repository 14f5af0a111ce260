/** The geometry every distance and box of the service uses: shared with the web app's read model (lib/event-index). */
export * from '@/lib/event-index/geo';
