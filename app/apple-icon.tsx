import { appIcon } from '@/lib/brand/app-icon';
import { getBrand } from '@/lib/brand/get-brand';

export const size = { width: 180, height: 180 };
export const contentType = 'image/png';

/** The home-screen icon iOS asks for (`apple-touch-icon`); iOS rounds its corners itself. */
export default function AppleIcon() {
  return appIcon(getBrand(), size.width);
}
