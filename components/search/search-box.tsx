'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '@/lib/explorer/format';
import {
  fetchSearch,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARS,
  searchParams,
  type SearchOption,
} from '@/lib/explorer/search-request';
import { explorerStrings } from '@/lib/explorer/strings';
import styles from './search.module.css';

export interface SearchBoxProps {
  locale: Locale;
  /** The map centre, sent so results near the view rank first. */
  center: { lng: number; lat: number } | null;
  /** A place was chosen: the map flies there. */
  onPlace: (place: { lng: number; lat: number }) => void;
}

const GROUPS = ['event', 'place', 'performer'] as const;

const optionKey = (option: SearchOption) => `${option.kind}-${option.id}`;

/** The search bar: an ARIA 1.2 combobox with a grouped listbox of events, places and performers. */
export function SearchBox({ locale, center, onPlace }: SearchBoxProps) {
  const t = explorerStrings(locale);
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  // The active option is remembered by identity: results that arrive late must not move the highlight to another one.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  // Text typed before the explorer's script arrived (it is a chunk of its own) is in the input, not in React's state:
  // take it up once hydrated, as if it had just been typed. The DOM is the external system synced from here.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === '') return;
    setText(input.value);
    setOpen(document.activeElement === input);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The centre is part of the key only to a kilometre or so: results barely change within that.
  const params = searchParams(debounced, center ? { lng: center.lng, lat: center.lat } : null);
  const enabled = debounced.length >= SEARCH_MIN_CHARS;
  const query = useQuery({
    queryKey: ['search', params.toString()],
    queryFn: ({ signal }) => fetchSearch(params, signal),
    enabled,
    staleTime: 60_000,
  });
  const options = enabled && query.data ? query.data : [];
  const activeIndex = activeKey === null ? -1 : options.findIndex((o) => optionKey(o) === activeKey);
  const setActive = (index: number) => {
    const option = options[index];
    setActiveKey(option ? optionKey(option) : null);
  };
  const typedEnough = text.trim().length >= SEARCH_MIN_CHARS;
  const settled = enabled && debounced === text.trim() && !query.isFetching;
  const expanded = open && text.trim().length > 0;

  const choose = (option: SearchOption) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'event') router.push(`/events/${option.id}`);
    else if (option.kind === 'performer') router.push(`/performers/${option.id}`);
    else {
      setText(option.label);
      onPlace({ lng: option.lng, lat: option.lat });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      if (options.length > 0) setActive((activeIndex + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length > 0) setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
    } else if (e.key === 'Enter') {
      const option = options[activeIndex];
      if (expanded && option) {
        e.preventDefault();
        choose(option);
      }
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`; // stable per position; aria-activedescendant follows the key
  const groupLabel = { event: t.groupEvents, place: t.groupPlaces, performer: t.groupPerformers };
  let status = '';
  if (expanded) {
    if (!typedEnough) status = t.searchMinChars;
    else if (query.isError) status = t.searchError;
    else if (!settled) status = t.searching;
    else if (options.length === 0) status = t.searchNoResults(text.trim());
    else status = t.resultsCount(options.length);
  }

  return (
    <div className={styles.box}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t.searchLabel}
      </label>
      <span className={styles.icon} aria-hidden="true">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
      </span>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className={styles.input}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t.searchPlaceholder}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={`${id}-status`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {text && (
        <button
          type="button"
          className={styles.clear}
          aria-label={t.clearSearch}
          onClick={() => {
            setText('');
            inputRef.current?.focus();
          }}
        >
          ×
        </button>
      )}
      <div className={styles.popup} hidden={!expanded}>
        <p id={`${id}-status`} className={styles.status} role="status" aria-live="polite">
          {status}
        </p>
        <div id={listId} role="listbox" aria-label={t.searchLabel} className={styles.listbox}>
          {GROUPS.map((kind) => {
            const inGroup = options.map((option, index) => ({ option, index })).filter((o) => o.option.kind === kind);
            if (inGroup.length === 0) return null;
            return (
              <div key={kind} role="group" aria-labelledby={`${id}-g-${kind}`} className={styles.group}>
                <div id={`${id}-g-${kind}`} role="presentation" className={styles.groupLabel}>
                  {groupLabel[kind]}
                </div>
                {inGroup.map(({ option, index }) => (
                  <div
                    key={optionKey(option)}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={styles.option}
                    // mousedown, not click: the input's blur would close the list before a click lands.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(option);
                    }}
                    onMouseMove={() => setActive(index)}
                  >
                    <span className={styles.optionLabel}>{option.label}</span>
                    {option.detail && <span className={styles.optionDetail}>{option.detail}</span>}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
