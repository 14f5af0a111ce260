import 'client-only';
import { drawsColourEmoji, probeContext } from '@/lib/ui/colour-emoji';

// A worker's global scope: its postMessage takes no target origin (the DOM library types the window's).
const scope = globalThis as unknown as { postMessage(message: boolean): void };

// Answers once, with whether this system draws colour emoji; the page then ends the worker.
scope.postMessage(drawsColourEmoji(probeContext()));
