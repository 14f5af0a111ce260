'use client';

import { useRouter } from 'next/navigation';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * An anchor that navigates client-side on a plain click, like next/link without its prefetching machinery: next/link
 * costs ~4 kB gzip of the explorer's first scripts (docs/performance.md: a 150 kB budget) and the explorer never
 * prefetches links. Modified clicks (new tab, download), other targets and other buttons keep the browser's own
 * behaviour.
 */
export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  const navigate = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    router.push(href);
  };
  return <a href={href} onClick={navigate} {...rest} />;
}
