'use client';

import { useId } from 'react';
import type { BuilderDraft } from '@/lib/embed/builder-draft';
import { EMBED_WHEN, type EmbedWhen } from '@/lib/embed/snippet';
import type { Sort } from '@/lib/explorer/state';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import styles from './snippet-builder.module.css';

const MAX_PRICES = [10, 20, 30, 50, 100];

export interface FilterFieldsProps {
  t: EmbedBuilderMessages;
  draft: BuilderDraft;
  update: (patch: Partial<BuilderDraft>) => void;
}

/** Where the embed starts: live now or a date preset, a price ceiling, the order of the list. */
export function FilterFields({ t, draft, update }: FilterFieldsProps) {
  const id = useId();
  const whenLabel: Record<EmbedWhen, string> = {
    '': t.whenAny,
    today: t.today,
    tonight: t.tonight,
    weekend: t.weekend,
    week: t.week,
  };
  return (
    <fieldset className={styles.group}>
      <legend>{t.dates}</legend>
      <label className={styles.choice}>
        <input type="checkbox" checked={draft.live} onChange={(e) => update({ live: e.target.checked })} />
        {t.live}
      </label>
      <label htmlFor={`${id}-when`}>{t.when}</label>
      <select
        id={`${id}-when`}
        value={draft.live ? '' : draft.when}
        disabled={draft.live}
        onChange={(e) => update({ when: e.target.value as EmbedWhen })}
      >
        {EMBED_WHEN.map((when) => (
          <option key={when} value={when}>
            {whenLabel[when]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-price`}>{t.price}</label>
      <select id={`${id}-price`} value={draft.price} onChange={(e) => update({ price: e.target.value })}>
        <option value="">{t.priceAny}</option>
        <option value="free">{t.priceFree}</option>
        {MAX_PRICES.map((n) => (
          <option key={n} value={String(n)}>
            {t.priceMax(n)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-sort`}>{t.sort}</label>
      <select id={`${id}-sort`} value={draft.sort} onChange={(e) => update({ sort: e.target.value as Sort })}>
        <option value="soonest">{t.sortSoonest}</option>
        <option value="nearest">{t.sortNearest}</option>
        <option value="cheapest">{t.sortCheapest}</option>
      </select>
    </fieldset>
  );
}
