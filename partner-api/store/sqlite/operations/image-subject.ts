import type { ImageSubject } from '../../port';
import type { Db } from '../open';
import { stmt } from '../statements';

/** The record an image URL refers to (ImageStore.imageSubject). */
export function imageSubject(db: Db, kind: ImageSubject['kind'], id: number): ImageSubject | null {
  switch (kind) {
    case 'event': {
      const row = stmt(
        db,
        'SELECT e.name, e.category_mask, p.city FROM events e JOIN places p ON p.id = e.place_id WHERE e.id = ?',
      ).get(id) as { name: string; category_mask: number; city: string } | undefined;
      return row ? { kind, name: row.name, city: row.city, categoryMask: row.category_mask } : null;
    }
    case 'place': {
      const row = stmt(db, 'SELECT name, city FROM places WHERE id = ?').get(id) as
        { name: string; city: string } | undefined;
      return row ? { kind, name: row.name, city: row.city } : null;
    }
    case 'performer': {
      const row = stmt(db, 'SELECT name FROM performers WHERE id = ?').get(id) as { name: string } | undefined;
      return row ? { kind, name: row.name } : null;
    }
    case 'partner': {
      const row = stmt(db, 'SELECT name, back_color FROM partners WHERE id = ?').get(id) as
        { name: string; back_color: string } | undefined;
      return row ? { kind, name: row.name, backColor: row.back_color } : null;
    }
  }
}
