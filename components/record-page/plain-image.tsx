import type { ImgHTMLAttributes } from 'react';

/**
 * A plain `<img>` with explicit dimensions. Record images are small SVGs served by the Partner API itself, so the
 * Next image optimizer would add a hop and no value (and would need the upstream host allow-listed).
 */
export function PlainImage({ alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- see above
  return <img alt={alt} decoding="async" {...props} />;
}
