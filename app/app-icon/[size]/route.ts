import { appIcon, APP_ICON_SIZES } from '@/lib/brand/app-icon';
import { getBrand } from '@/lib/brand/get-brand';

/** The manifest's PNG icons (`/app-icon/192`, `/app-icon/512`); any other size is a 404. */
export async function GET(_request: Request, { params }: { params: Promise<{ size: string }> }) {
  const pixels = Number((await params).size);
  if (!APP_ICON_SIZES.some((s) => s === pixels)) return new Response('Not found', { status: 404 });
  return appIcon(getBrand(), pixels);
}
