'use client';

import { useId } from 'react';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import { formatEuros } from '@/lib/explorer/card-format';
import { localDay } from '@/lib/explorer/dates';
import type { Locale } from '@/lib/i18n/config';
import { NO_PRESET, type Preset } from '@/lib/explorer/preset';
import { activeFilterCount, DATE_PRESETS, type DatePreset, type Filters, type Sort } from '@/lib/explorer/state';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { CategoryToolbar, type CategoryToolbarProps } from './category-toolbar';
import styles from './filters.module.css';

const MAX_PRICES = [10, 20, 30, 50, 100];

type Messages = ReturnType<typeof explorerMessages>;

/** What each filter control gets: the filters, the strings, an id prefix for its labels, and the change callback. */
interface FilterControlProps {
  id: string;
  filters: Filters;
  t: Messages;
  onChange: (patch: Partial<Filters>) => void;
}

export interface FilterBarProps {
  filters: Filters;
  locale: Locale;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  /** The partner's locked preset: only its categories are offered, and a locked "live now" cannot be turned off. */
  preset?: Preset;
  /** Whether the filters differ from what "Clear filters" returns to (default: from the defaults). */
  active?: boolean;
  /** `bar`: a row above the map (wide screens); `sheet`: stacked, inside the filter sheet. */
  variant?: 'bar' | 'sheet';
  /** The category chips' counts (see CategoryToolbar). */
  counts?: CategoryToolbarProps['counts'];
}

/** Live-now toggle, date presets, price, sort and the category chips; every change goes to the URL. */
export function FilterBar({
  filters,
  locale,
  onChange,
  onClear,
  preset = NO_PRESET,
  active,
  variant = 'bar',
  counts,
}: FilterBarProps) {
  const t = explorerMessages(locale);
  const id = useId();
  const control = { id, filters, t, onChange };
  const showClear = active ?? activeFilterCount(filters) > 0;
  const clear = (
    <button type="button" className={styles.clear} onClick={onClear}>
      {t.clearFilters}
    </button>
  );
  return (
    <div className={styles.bar} role="group" aria-label={t.filters} data-variant={variant}>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.live}
          aria-pressed={filters.live}
          disabled={preset.live}
          title={preset.live ? t.lockedFilter : undefined}
          onClick={() => onChange({ live: !filters.live, when: null, from: null, to: null })}
        >
          <span className={styles.liveDot} aria-hidden="true" />
          {t.liveNow}
        </button>
        <DateFilter {...control} />
        <PriceFilter {...control} locale={locale} />
        <div className={styles.field}>
          <label htmlFor={`${id}-sort`} className={styles.fieldLabel}>
            {t.sort}
          </label>
          <select id={`${id}-sort`} value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as Sort })}>
            <option value="soonest">{t.sortSoonest}</option>
            <option value="nearest">{t.sortNearest}</option>
            <option value="cheapest">{t.sortCheapest}</option>
          </select>
        </div>
        {showClear && variant === 'sheet' && clear}
      </div>
      {/* Inline, "Clear filters" ends the chips' line rather than the first row: there it would wrap onto a row of its
          own as a filter is set, and the map below would shrink under a list counting the larger map. */}
      <div className={styles.chipsLine}>
        <CategoryToolbar
          selected={filters.categories}
          offered={preset.categories ?? MAIN_CATEGORIES}
          locale={locale}
          t={t}
          counts={counts}
          onChange={(categories) => onChange({ categories })}
        />
        {showClear && variant !== 'sheet' && clear}
      </div>
    </div>
  );
}

/** The date preset, and the two days of a custom window (whole days in the visitor's time; never in the past). */
function DateFilter({ id, filters, t, onChange }: FilterControlProps) {
  const presetLabel: Record<DatePreset, string> = {
    today: t.today,
    tonight: t.tonight,
    weekend: t.weekend,
    week: t.week,
    custom: t.custom,
  };
  const today = localDay(new Date());
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-when`} className={styles.fieldLabel}>
          {t.when}
        </label>
        <select
          id={`${id}-when`}
          value={filters.live ? '' : (filters.when ?? '')}
          disabled={filters.live}
          onChange={(e) => {
            const when = (e.target.value || null) as DatePreset | null;
            onChange(
              when === 'custom'
                ? { when, from: filters.from ?? today, to: filters.to ?? filters.from ?? today }
                : { when, from: null, to: null },
            );
          }}
        >
          <option value="">{t.whenAny}</option>
          {DATE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {presetLabel[p]}
            </option>
          ))}
        </select>
      </div>
      {filters.when === 'custom' && !filters.live && (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-from`} className={styles.fieldLabel}>
              {t.from}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={filters.from ?? ''}
              min={today}
              onChange={(e) => onChange({ from: e.target.value || null })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-to`} className={styles.fieldLabel}>
              {t.to}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={filters.to ?? ''}
              min={filters.from ?? today}
              onChange={(e) => onChange({ to: e.target.value || null })}
            />
          </div>
        </>
      )}
    </>
  );
}

/** The price ceiling (a few round figures, plus the URL's own), "free only", and "known prices only". */
function PriceFilter({ id, filters, t, onChange, locale }: FilterControlProps & { locale: Locale }) {
  const maxPrices = [...MAX_PRICES];
  if (filters.maxPrice !== null && !maxPrices.includes(filters.maxPrice)) {
    maxPrices.push(filters.maxPrice);
    maxPrices.sort((a, b) => a - b);
  }
  const priceValue = filters.free ? 'free' : filters.maxPrice !== null ? String(filters.maxPrice) : '';
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-price`} className={styles.fieldLabel}>
          {t.price}
        </label>
        <select
          id={`${id}-price`}
          value={priceValue}
          onChange={(e) => {
            const v = e.target.value;
            if (v === 'free') onChange({ free: true, maxPrice: null, knownPrice: true });
            else if (v === '') onChange({ free: false, maxPrice: null });
            else onChange({ free: false, maxPrice: Number(v) });
          }}
        >
          <option value="">{t.priceAny}</option>
          <option value="free">{t.priceFree}</option>
          {maxPrices.map((p) => (
            <option key={p} value={String(p)}>
              {t.priceMax(formatEuros(p, locale))}
            </option>
          ))}
        </select>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={filters.knownPrice}
          disabled={filters.free}
          onChange={(e) => onChange({ knownPrice: e.target.checked })}
        />
        {t.knownPrice}
      </label>
    </>
  );
}
