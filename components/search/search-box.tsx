'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchOption } from '@/lib/explorer/search-request';
import { zoomForPopulation } from '@/lib/gazetteer/zoom';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages, type ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './search.module.css';
import { optionKey, SearchListbox } from './search-listbox';
import { useSearchSuggestions } from './use-search-suggestions';

export interface SearchBoxProps {
  locale: Locale;
  /** The map centre, sent so results near the view rank first. */
  center: { lng: number; lat: number } | null;
  /** A town or place was chosen: the map flies there, at a zoom that shows it. */
  onPlace: (place: { lng: number; lat: number; zoom: number }) => void;
  /** Enter with no option highlighted, or "See all results": the results view for the text. */
  onSearchAll: (q: string) => void;
  /** The text the box opens with (the results view's query after a reload). */
  initialText?: string;
}

/** The zoom a chosen venue is shown at: its street. */
const PLACE_ZOOM = 15;

/** The live status line of the suggestions: what to type, searching, an error, nothing found, or the count. */
function statusText(t: ExplorerMessages, text: string, s: ReturnType<typeof useSearchSuggestions>): string {
  if (!s.check.ok) return t.searchRefused[s.check.reason];
  if (s.failed) return t.searchError;
  if (!s.settled) return t.searching;
  if (s.options.length === 0) return t.searchNoResults(text.trim());
  if (s.eventsFailed) return `${t.suggestionsCount(s.townCount, 0)} ${t.searchUnavailable}`;
  return t.suggestionsCount(s.townCount, s.matchCount);
}

interface ComboboxKeyContext {
  count: number;
  activeIndex: number;
  expanded: boolean;
  setActive: (index: number) => void;
  setOpen: (open: boolean) => void;
  /** Chooses the active option, or opens the results view when none is active; says whether it did either. */
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

/** Marks the frame that first shows a settled list for a text (`eventmap:suggestions-shown`, read by bench/search-ui.ts). */
function useShownMark(shownText: string | null) {
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (shownText === null || marked.current === shownText) return;
    marked.current = shownText;
    const frame = requestAnimationFrame(() => performance.mark('eventmap:suggestions-shown'));
    return () => cancelAnimationFrame(frame);
  }, [shownText]);
}

/**
 * The box's own state: the text, whether the list is open, and the active option, remembered by identity so that
 * results arriving late never move the highlight to another one. Text typed before the explorer's script arrived (it
 * is a chunk of its own) is in the input, not in React's state: it is taken up once hydrated, as if just typed.
 */
function useSearchBoxState(initialText: string) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // The DOM is the external system synced from here.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === '') return;
    setText(input.value);
    setOpen(document.activeElement === input);
  }, []);
  return { inputRef, text, setText, open, setOpen, activeKey, setActiveKey };
}

function SearchIcon() {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
    </span>
  );
}

function ClearButton({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <button type="button" className={styles.clear} aria-label={label} onClick={onClear}>
      ×
    </button>
  );
}

interface SearchChoiceContext {
  options: readonly SearchOption[];
  activeIndex: number;
  expanded: boolean;
  text: string;
  /** The text can be searched (not blank, not too long): Enter without an active option opens the results view. */
  searchable: boolean;
  /** What Enter without an active option chooses instead of the results view, if anything (see `enterDefault`). */
  enterOption: SearchOption | null;
  setText: (text: string) => void;
  setOpen: (open: boolean) => void;
  setActive: (index: number) => void;
  onPlace: SearchBoxProps['onPlace'];
  onSearchAll: SearchBoxProps['onSearchAll'];
}

/**
 * What choosing does: an event or a performer opens its page, a town or a venue moves the map (at a zoom that fits a
 * town's size), Enter without a choice opens the results view; and the keys that lead there.
 */
function useSearchChoice(c: SearchChoiceContext) {
  const router = useRouter();
  const { options, activeIndex, expanded, text, setText, setOpen, setActive, onPlace, onSearchAll } = c;
  const choose = (option: SearchOption) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'event') router.push(`/events/${option.id}`);
    else if (option.kind === 'performer') router.push(`/performers/${option.id}`);
    else {
      setText(option.label);
      const zoom = option.kind === 'town' ? zoomForPopulation(option.population) : PLACE_ZOOM;
      onPlace({ lng: option.lng, lat: option.lat, zoom });
    }
  };
  const seeAll = c.searchable
    ? () => {
        setOpen(false);
        setActive(-1);
        onSearchAll(text.trim());
      }
    : null;

  const onKeyDown = comboboxKeyHandler({
    count: options.length,
    activeIndex,
    expanded,
    setActive,
    setOpen,
    chooseActive: () => {
      const option = options[activeIndex] ?? c.enterOption;
      if (expanded && option) choose(option);
      else if (seeAll) seeAll();
      else return false;
      return true;
    },
    clearText: () => {
      if (!text) return false;
      setText('');
      return true;
    },
  });

  return { choose, seeAll, onKeyDown };
}

/**
 * The results view lists events. When the suggestions for the text as it is now hold none, but a town, a venue or a
 * performer, Enter without an active option takes the first of those (the best ranked: an exact name leads) rather
 * than opening a view that would say nothing matches — "nantes" and Enter goes to Nantes.
 */
function enterDefault(suggestions: ReturnType<typeof useSearchSuggestions>): SearchOption | null {
  const { settled, options } = suggestions;
  if (!settled || options.some((option) => option.kind === 'event')) return null;
  return options[0] ?? null;
}

/** The search bar: an ARIA 1.2 combobox with a grouped listbox of events, places and performers. */
export function SearchBox({ locale, center, onPlace, onSearchAll, initialText = '' }: SearchBoxProps) {
  const t = explorerMessages(locale);
  const id = useId();
  const { inputRef, text, setText, open, setOpen, activeKey, setActiveKey } = useSearchBoxState(initialText);

  const suggestions = useSearchSuggestions(text, center, locale);
  const { options } = suggestions;
  useShownMark(suggestions.settled && options.length > 0 ? text.trim() : null);
  const activeIndex = activeKey === null ? -1 : options.findIndex((o) => optionKey(o) === activeKey);
  const setActive = (index: number) => {
    const option = options[index];
    setActiveKey(option ? optionKey(option) : null);
  };
  const expanded = open && text.trim().length > 0;

  const { choose, seeAll, onKeyDown } = useSearchChoice({
    options,
    activeIndex,
    expanded,
    text,
    searchable: suggestions.check.ok,
    enterOption: enterDefault(suggestions),
    setText,
    setOpen,
    setActive,
    onPlace,
    onSearchAll,
  });

  const optionId = (i: number) => `${id}-opt-${i}`; // stable per position; aria-activedescendant follows the key

  return (
    <div className={styles.box}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t.searchLabel}
      </label>
      <SearchIcon />
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
        <ClearButton
          label={t.clearSearch}
          onClear={() => {
            setText('');
            inputRef.current?.focus();
          }}
        />
      )}
      <SearchListbox
        id={id}
        t={t}
        locale={locale}
        expanded={expanded}
        status={expanded ? statusText(t, text, suggestions) : ''}
        options={options}
        activeIndex={activeIndex}
        optionId={optionId}
        onChoose={choose}
        onActivate={setActive}
        onSeeAll={seeAll}
      />
    </div>
  );
}
