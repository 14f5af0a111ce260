import { CATEGORY_LABELS, MAIN_CATEGORIES } from '@/lib/contract';
import type { ImageStore } from '@/partner-api/store/port';
import type { ImageInfo, ImageRef } from './render-image';

/** What an image shows, from the record it belongs to: an event's name and category colour, a place's city… */
export async function imageInfo(images: ImageStore, ref: ImageRef): Promise<ImageInfo | null> {
  const id = Number(ref.id);
  if (!Number.isSafeInteger(id)) return null;
  const subject = await images.imageSubject(ref.kind, id);
  if (!subject) return null;
  switch (subject.kind) {
    case 'event': {
      const main = MAIN_CATEGORIES.find((_, i) => (subject.categoryMask & (1 << i)) !== 0);
      return main
        ? { title: subject.name, subtitle: subject.city, color: CATEGORY_LABELS[main].color, category: main }
        : { title: subject.name, subtitle: subject.city };
    }
    case 'place':
      return { title: subject.name, subtitle: subject.city };
    case 'performer':
      return { title: subject.name };
    case 'partner':
      return { title: subject.name, color: subject.backColor };
  }
}
