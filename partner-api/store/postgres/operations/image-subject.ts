import type { ImageSubject } from '../../port';
import type { Queryable } from '../pool';

export async function imageSubject(q: Queryable, kind: ImageSubject['kind'], id: number): Promise<ImageSubject | null> {
  switch (kind) {
    case 'event': {
      const { rows } = await q.query<{ name: string; category_mask: number; city: string }>(
        'SELECT e.name, e.category_mask, p.city FROM events e JOIN places p ON p.id = e.place_id WHERE e.id = $1',
        [id],
      );
      const row = rows[0];
      return row ? { kind, name: row.name, city: row.city, categoryMask: row.category_mask } : null;
    }
    case 'place': {
      const { rows } = await q.query<{ name: string; city: string }>('SELECT name, city FROM places WHERE id = $1', [
        id,
      ]);
      const row = rows[0];
      return row ? { kind, name: row.name, city: row.city } : null;
    }
    case 'performer': {
      const { rows } = await q.query<{ name: string }>('SELECT name FROM performers WHERE id = $1', [id]);
      const row = rows[0];
      return row ? { kind, name: row.name } : null;
    }
    case 'partner': {
      const { rows } = await q.query<{ name: string; back_color: string }>(
        'SELECT name, back_color FROM partners WHERE id = $1',
        [id],
      );
      const row = rows[0];
      return row ? { kind, name: row.name, backColor: row.back_color } : null;
    }
  }
}
