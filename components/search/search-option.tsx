'use client';

import type { ReactNode } from 'react';
// The categories module, not the barrel: the barrel would pull every zod schema into the client bundle.
import { CATEGORY_LABELS } from '@/lib/contract/categories';
import { categoryLabel, formatEventWhen } from '@/lib/explorer/card-format';
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

const PIN_PATH = 'M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12Z';
const TOWN_PATH = 'M3 21V9l6-4v4l6-4v16M15 21V11h6v10M3 21h18';

/** A drawn symbol (towns, venues): no emoji font needed. */
function Glyph({ path }: { path: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={path} strokeLinejoin="round" />
    </svg>
  );
}

/** An emoji, or a letter where the device has no emoji font (the html[data-emoji] switch in globals.css). */
function Emoji({ emoji, fallback }: { emoji: string; fallback: string }) {
  return (
    <>
      <span className="emoji">{emoji}</span>
      <span className="emoji-fallback">{fallback}</span>
    </>
  );
}

/** A square picture, or a symbol on the kind's colour when there is none. */
function Thumb({
  src,
  round,
  color,
  children,
}: {
  src: string | null;
  round?: boolean;
  color?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={styles.thumb}
      data-round={round || undefined}
      data-filled={(!src && color) || undefined}
      style={!src && color ? { background: color } : undefined}
      aria-hidden="true"
    >
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- small SVGs served by the Partner API, see PlainImage
        <img src={src} alt="" width={40} height={40} loading="lazy" decoding="async" />
      ) : (
        children
      )}
    </span>
  );
}

function eventWhen(option: EventOption, t: ExplorerMessages, locale: Locale): string {
  if (!option.startDate) return '';
  const when = formatEventWhen({ startDate: option.startDate, endDate: option.endDate ?? option.startDate }, locale);
  return option.dates > 1 ? t.suggestionDates(option.dates, when) : when;
}

function EventContent({ option, t, locale }: { option: EventOption; t: ExplorerMessages; locale: Locale }) {
  const meta = option.category ? CATEGORY_LABELS[option.category] : null;
  const label = option.category ? categoryLabel(option.category, locale) : '';
  const where = [option.venue, option.city].filter(Boolean).join(' · ');
  return (
    <>
      <Thumb src={option.image} color={meta?.color ?? '#5c6b7a'}>
        <Emoji emoji={meta?.icon ?? '📅'} fallback={(label || option.label).charAt(0)} />
      </Thumb>
      <span className={styles.optionText}>
        <span className={styles.optionLabel}>{option.label}</span>
        <span className="visually-hidden">, {t.optionKind.event}</span>
        {option.startDate && (
          <span className={styles.optionDetail} data-line="when">
            {eventWhen(option, t, locale)}
          </span>
        )}
        <span className={styles.optionDetail}>
          {meta && (
            <span className="emoji" aria-hidden="true">
              {`${meta.icon} `}
            </span>
          )}
          {[label, where].filter(Boolean).join(' · ')}
        </span>
      </span>
    </>
  );
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
  if (option.kind === 'event') return <EventContent option={option} t={t} locale={locale} />;
  let thumb: ReactNode;
  let detail = '';
  if (option.kind === 'town') {
    thumb = (
      <Thumb src={null}>
        <Glyph path={TOWN_PATH} />
      </Thumb>
    );
    detail = [option.region, countryName(option.country, locale)].filter(Boolean).join(' · ');
  } else if (option.kind === 'place') {
    thumb = (
      <Thumb src={null}>
        <Glyph path={PIN_PATH} />
      </Thumb>
    );
    detail = option.city ?? option.address;
  } else {
    thumb = (
      <Thumb src={option.image} round>
        {option.label.charAt(0)}
      </Thumb>
    );
  }
  return (
    <>
      {thumb}
      <span className={styles.optionText}>
        <span className={styles.optionLabel}>{option.label}</span>
        <span className="visually-hidden">, {t.optionKind[option.kind]}</span>
        {detail && <span className={styles.optionDetail}>{detail}</span>}
      </span>
    </>
  );
}
