import { CATEGORY_LABELS, MAIN_CATEGORIES } from '@/lib/contract';
import type { Db } from '@/partner-api/store/sqlite/open';
import { stmt } from '@/partner-api/store/sqlite/statements';
import type { ImageInfo, ImageRef } from './render-image';

/** What an image shows, from the record it belongs to: an event's name and category colour, a place's city… */
export function imageInfo(db: Db, ref: ImageRef): ImageInfo | null {
  const id = Number(ref.id);
  if (!Number.isSafeInteger(id)) return null;
  switch (ref.kind) {
    case 'event': {
      const row = stmt(
        db,
        'SELECT e.name, e.category_mask, p.city FROM events e JOIN places p ON p.id = e.place_id WHERE e.id = ?',
      ).get(id) as { name: string; category_mask: number; city: string } | undefined;
      if (!row) return null;
      const main = MAIN_CATEGORIES.find((_, i) => (row.category_mask & (1 << i)) !== 0);
      return main
        ? { title: row.name, subtitle: row.city, color: CATEGORY_LABELS[main].color, category: main }
        : { title: row.name, subtitle: row.city };
    }
    case 'place': {
      const row = stmt(db, 'SELECT name, city FROM places WHERE id = ?').get(id) as
        { name: string; city: string } | undefined;
      return row ? { title: row.name, subtitle: row.city } : null;
    }
    case 'performer': {
      const row = stmt(db, 'SELECT name FROM performers WHERE id = ?').get(id) as { name: string } | undefined;
      return row ? { title: row.name } : null;
    }
    case 'partner': {
      const row = stmt(db, 'SELECT name, back_color FROM partners WHERE id = ?').get(id) as
        { name: string; back_color: string } | undefined;
      return row ? { title: row.name, color: row.back_color } : null;
    }
  }
}
