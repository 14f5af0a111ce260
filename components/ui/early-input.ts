import 'client-only';
import type { EarlyInput } from '@/lib/ui/early-input-script';

/** The input the page's inline script kept before hydration (lib/ui/early-input-script.ts); absent in unit tests. */
export function earlyInput(): EarlyInput | undefined {
  return (window as unknown as { __earlyInput?: EarlyInput }).__earlyInput;
}
