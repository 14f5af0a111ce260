/**
 * The toolbar pattern's keyboard model (WAI-ARIA APG): the toolbar is one Tab stop, the arrow keys move between its
 * items (wrapping), Home and End jump to the ends. Returns the index to focus, or null when the key is not the
 * toolbar's.
 */
export function nextToolbarIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
