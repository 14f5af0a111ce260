'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchOption } from '@/lib/explorer/search-request';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages, type ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './search.module.css';
import { optionKey, SearchListbox } from './search-listbox';
import { useSearchSuggestions } from './use-search-suggestions';

export interface SearchBoxProps {
  locale: Locale;
  /** The map centre, sent so results near the view rank first. */
  center: { lng: number; lat: number } | null;
  /** A place was chosen: the map flies there. */
  onPlace: (place: { lng: number; lat: number }) => void;
}

/** The live status line of the suggestions: what to type, searching, an error, nothing found, or the count. */
function statusText(t: ExplorerMessages, text: string, s: ReturnType<typeof useSearchSuggestions>): string {
  if (!s.typedEnough) return t.searchMinChars;
  if (s.failed) return t.searchError;
  if (!s.settled) return t.searching;
  if (s.options.length === 0) return t.searchNoResults(text.trim());
  return t.resultsCount(s.options.length);
}

interface ComboboxKeyContext {
  count: number;
  activeIndex: number;
  expanded: boolean;
  setActive: (index: number) => void;
  setOpen: (open: boolean) => void;
  /** Chooses the active option, if the list shows one; says whether it did. */
  chooseActive: () => boolean;
  /** Empties the input, if it holds text; says whether it did. */
  clearText: () => boolean;
}

/**
 * The combobox's keys (ARIA APG): arrows move through the options, wrapping; Enter chooses the active one; Escape
 * closes the list, or empties the input when the list is closed; Home and End go back to the text.
 */
function comboboxKeyHandler(c: ComboboxKeyContext) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      c.setOpen(true);
      if (c.count === 0) return;
      if (e.key === 'ArrowDown') c.setActive((c.activeIndex + 1) % c.count);
      else c.setActive(c.activeIndex <= 0 ? c.count - 1 : c.activeIndex - 1);
    } else if (e.key === 'Enter') {
      if (c.chooseActive()) e.preventDefault();
    } else if (e.key === 'Escape') {
      if (c.expanded) {
        e.preventDefault();
        c.setOpen(false);
        c.setActive(-1);
      } else if (c.clearText()) {
        e.preventDefault();
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      c.setActive(-1);
    }
  };
}

/** The search bar: an ARIA 1.2 combobox with a grouped listbox of events, places and performers. */
export function SearchBox({ locale, center, onPlace }: SearchBoxProps) {
  const t = explorerMessages(locale);
  const router = useRouter();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
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

  const suggestions = useSearchSuggestions(text, center);
  const { options } = suggestions;
  const activeIndex = activeKey === null ? -1 : options.findIndex((o) => optionKey(o) === activeKey);
  const setActive = (index: number) => {
    const option = options[index];
    setActiveKey(option ? optionKey(option) : null);
  };
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

  const onKeyDown = comboboxKeyHandler({
    count: options.length,
    activeIndex,
    expanded,
    setActive,
    setOpen,
    chooseActive: () => {
      const option = options[activeIndex];
      if (!expanded || !option) return false;
      choose(option);
      return true;
    },
    clearText: () => {
      if (!text) return false;
      setText('');
      return true;
    },
  });

  const optionId = (i: number) => `${id}-opt-${i}`; // stable per position; aria-activedescendant follows the key

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
        aria-controls={`${id}-list`}
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
      <SearchListbox
        id={id}
        t={t}
        expanded={expanded}
        status={expanded ? statusText(t, text, suggestions) : ''}
        options={options}
        activeIndex={activeIndex}
        optionId={optionId}
        onChoose={choose}
        onActivate={setActive}
      />
    </div>
  );
}
