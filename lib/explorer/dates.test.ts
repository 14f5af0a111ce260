import { describe, expect, it } from 'vitest';
import { dateWindow } from './dates';
import { DEFAULT_FILTERS, type DatePreset } from './state';

// Local-time behaviour: run under a fixed zone so the expectations are unambiguous.
process.env.TZ = 'Europe/Paris';

const at = (preset: DatePreset, now: Date, extra = {}) => {
  const w = dateWindow({ ...DEFAULT_FILTERS, when: preset, ...extra }, now);
  return { from: w?.from != null ? new Date(w.from) : null, to: w?.to != null ? new Date(w.to) : null };
};

describe('date presets', () => {
  // Wednesday 18 November 2026, 10:00 local
  const wednesday = new Date(2026, 10, 18, 10, 0);

  it('today runs from now to midnight', () => {
    const w = at('today', wednesday);
    expect(w.from).toEqual(wednesday);
    expect(w.to).toEqual(new Date(2026, 10, 18, 23, 59, 59, 999));
  });

  it('tonight starts at 18:00 (or now, if later) and ends at 04:00', () => {
    expect(at('tonight', wednesday)).toEqual({
      from: new Date(2026, 10, 18, 18),
      to: new Date(2026, 10, 19, 4),
    });
    const late = new Date(2026, 10, 18, 21, 30);
    expect(at('tonight', late).from).toEqual(late);
    const afterMidnight = new Date(2026, 10, 19, 1, 0);
    expect(at('tonight', afterMidnight)).toEqual({ from: afterMidnight, to: new Date(2026, 10, 19, 4) });
  });

  it('the weekend runs from Friday 18:00 to Sunday midnight, from now once it has started', () => {
    expect(at('weekend', wednesday)).toEqual({
      from: new Date(2026, 10, 20, 18),
      to: new Date(2026, 10, 22, 23, 59, 59, 999),
    });
    const saturday = new Date(2026, 10, 21, 15);
    expect(at('weekend', saturday)).toEqual({ from: saturday, to: new Date(2026, 10, 22, 23, 59, 59, 999) });
    const sunday = new Date(2026, 10, 22, 9);
    expect(at('weekend', sunday)).toEqual({ from: sunday, to: new Date(2026, 10, 22, 23, 59, 59, 999) });
  });

  it('this week runs to Sunday midnight', () => {
    expect(at('week', wednesday).to).toEqual(new Date(2026, 10, 22, 23, 59, 59, 999));
  });

  it('a custom range covers whole days and never starts in the past', () => {
    expect(at('custom', wednesday, { from: '2026-11-25', to: '2026-11-26' })).toEqual({
      from: new Date(2026, 10, 25),
      to: new Date(2026, 10, 26, 23, 59, 59, 999),
    });
    expect(at('custom', wednesday, { from: '2026-11-01', to: '2026-11-26' }).from).toEqual(wednesday);
  });

  it('live and no preset give no window (the API defaults apply)', () => {
    expect(dateWindow({ ...DEFAULT_FILTERS, live: true, when: 'today' }, wednesday)).toBeNull();
    expect(dateWindow(DEFAULT_FILTERS, wednesday)).toBeNull();
  });
});
