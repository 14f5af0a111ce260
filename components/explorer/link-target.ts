'use client';

import { createContext, useContext } from 'react';

/** Where the explorer opens record pages: in place (site), the host's top window or a new tab (embed). */
export type LinkTarget = '_self' | '_top' | '_blank';

export const LinkTargetContext = createContext<LinkTarget>('_self');

/** The link attributes for the current target (`_blank` gets noopener so the host page cannot be reached back). */
export function useLinkTarget(): { target?: LinkTarget; rel?: string } {
  const target = useContext(LinkTargetContext);
  if (target === '_self') return {};
  return target === '_blank' ? { target, rel: 'noopener' } : { target };
}
