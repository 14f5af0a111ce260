import type { TPagination } from '@/lib/contract';

/**
 * The pagination object of docs/design.md §4.3: `totalPages = ceil(totalItems / perPage)` (0 when empty),
 * `nextPageParams` null from the last page on, `previousPageParams` null on the first. A page past the end points back
 * one page.
 */
export function paginate(totalItems: number, limit: number, pageNumber: number): TPagination {
  const totalPages = Math.ceil(totalItems / limit);
  return {
    totalItems,
    totalPages,
    perPage: limit,
    currentPage: pageNumber,
    nextPageParams: pageNumber < totalPages ? { pageNumber: pageNumber + 1, limit } : null,
    previousPageParams: pageNumber > 1 ? { pageNumber: pageNumber - 1, limit } : null,
  };
}
