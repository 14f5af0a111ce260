'use client';

// The categories module, not the barrel: the barrel would pull every zod schema into the client bundle.
import { CATEGORY_LABELS } from '@/lib/contract/categories';
import { formatEventWhen } from '@/lib/explorer/card-format';
import type { EventOption, SearchOption } from '@/lib/explorer/search-request';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './search.module.css';

const regionNames = new Map<Locale, Intl.DisplayNames>();
/** "Belgique" / "Belgium" from "BE", with the browser's own data (no table shipped). */
function countryName(code: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** A square picture, or the kind's symbol when there is none. */
function Thumb({ src, symbol, color, round }: { src: string | null; symbol: string; color?: string; round?: boolean }) {
  return (
    <span className={styles.thumb} data-round={round || undefined} style={color ? { background: color } : undefined}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- small SVGs served by the Partner API, see PlainImage
        <img src={src} alt="" width={40} height={40} loading="lazy" decoding="async" />
      ) : (
        <span className="emoji" aria-hidden="true">
          {symbol}
        </span>
      )}
    </span>
  );
}

function eventWhen(option: EventOption, t: ExplorerMessages, locale: Locale): string {
  if (!option.startDate) return '';
  const when = formatEventWhen({ startDate: option.startDate, endDate: option.endDate ?? option.startDate }, locale);
  return option.dates > 1 ? t.suggestionDates(option.dates, when) : when;
}

/** What one option shows: a picture or symbol, the name, and what tells it apart from its neighbours. */
export function SearchOptionContent({
  option,
  t,
  locale,
}: {
  option: SearchOption;
  t: ExplorerMessages;
  locale: Locale;
}) {
  let thumb;
  let lines: string[];
  switch (option.kind) {
    case 'town':
      thumb = <Thumb src={null} symbol="🏙️" />;
      lines = [[option.region, countryName(option.country, locale)].filter(Boolean).join(' · ')];
      break;
    case 'event': {
      const meta = option.category ? CATEGORY_LABELS[option.category] : null;
      thumb = <Thumb src={option.image} symbol={meta?.icon ?? '📅'} color={option.image ? undefined : meta?.color} />;
      lines = [eventWhen(option, t, locale), [option.venue, option.city].filter(Boolean).join(' · ')];
      if (meta) lines[1] = `${meta.icon} ${lines[1]}`;
      break;
    }
    case 'place':
      thumb = <Thumb src={null} symbol="📍" />;
      lines = [option.city ?? option.address];
      break;
    case 'performer':
      thumb = <Thumb src={option.image} symbol="🎤" round />;
      lines = [];
      break;
  }
  return (
    <>
      {thumb}
      <span className={styles.optionText}>
        <span className={styles.optionLabel}>{option.label}</span>
        {lines.filter(Boolean).map((line, i) => (
          <span
            key={i}
            className={styles.optionDetail}
            data-line={i === 0 && option.kind === 'event' ? 'when' : undefined}
          >
            {line}
          </span>
        ))}
      </span>
    </>
  );
}
