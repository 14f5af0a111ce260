'use client';

import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

/**
 * A plain `<img>` with explicit dimensions. Record images are small SVGs served by the Partner API itself, so the
 * Next image optimizer would add a hop and no value (and would need the upstream host allow-listed).
 *
 * A picture that cannot be loaded (the Partner API down while the page renders from the catalogue copy, a dead link)
 * leaves the page rather than showing a broken-image box with its alt text: every picture here is decoration or
 * repeats text the page already shows.
 */
export function PlainImage({ alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    // A picture that failed before hydration fired its error event before React listened: ask it. `decode()` of a
    // settled image rejects only when it is broken (an SVG without intrinsic size still decodes).
    const image = ref.current;
    if (image?.complete) image.decode().catch(() => setBroken(true));
  }, []);
  if (broken) return null;
  // eslint-disable-next-line @next/next/no-img-element -- see above
  return <img ref={ref} alt={alt} decoding="async" {...props} onError={() => setBroken(true)} />;
}
