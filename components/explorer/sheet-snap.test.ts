import { describe, expect, it } from 'vitest';
import { snapAfterDrag, snapAfterKey } from './sheet-snap';

describe('list sheet snapping', () => {
  it('a tap opens one step and closes from full', () => {
    expect(snapAfterDrag('peek', 3)).toBe('half');
    expect(snapAfterDrag('half', -5)).toBe('full');
    expect(snapAfterDrag('full', 0)).toBe('peek');
  });

  it('a drag moves one step its way, a fling two, and stops at the ends', () => {
    expect(snapAfterDrag('half', -80)).toBe('full');
    expect(snapAfterDrag('half', 80)).toBe('peek');
    expect(snapAfterDrag('peek', -300)).toBe('full');
    expect(snapAfterDrag('full', 300)).toBe('peek');
    expect(snapAfterDrag('peek', 80)).toBe('peek');
    expect(snapAfterDrag('full', -80)).toBe('full');
  });

  it('the arrow keys move one step; other keys are not the handle’s', () => {
    expect(snapAfterKey('peek', 'ArrowUp')).toBe('half');
    expect(snapAfterKey('full', 'ArrowUp')).toBe('full');
    expect(snapAfterKey('half', 'ArrowDown')).toBe('peek');
    expect(snapAfterKey('half', 'Tab')).toBeNull();
  });
});
