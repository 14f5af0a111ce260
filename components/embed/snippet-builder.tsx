'use client';

import { useId, useState, useSyncExternalStore } from 'react';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import { embedSnippet, embedUrl, type SnippetOptions } from '@/lib/embed/snippet';
import styles from './snippet-builder.module.css';

const noSubscribe = () => () => {};

export interface SnippetBuilderProps {
  brandName: string;
  /** The brand's default categories, preselected. */
  defaultCategories: readonly string[];
  defaultLocale: 'fr' | 'en';
}

/** The embed's options as a form, the copy-paste snippet they give, and a live preview of that embed. */
export function SnippetBuilder({ brandName, defaultCategories, defaultLocale }: SnippetBuilderProps) {
  const id = useId();
  // The app's own origin, as the visitor reaches it (the server cannot know the public host behind a proxy).
  const origin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => '',
  );
  const [options, setOptions] = useState<SnippetOptions>({
    categories: [...defaultCategories],
    bbox: '',
    live: false,
    locale: defaultLocale,
    theme: 'light',
    target: '_top',
    height: 600,
  });
  const [copied, setCopied] = useState(false);
  const set = (patch: Partial<SnippetOptions>) => {
    setCopied(false);
    setOptions((o) => ({ ...o, ...patch }));
  };
  const snippet = origin ? embedSnippet(origin, `${brandName} — events map`, options) : '';

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={(e) => e.preventDefault()}>
        <fieldset className={styles.categories}>
          <legend>Categories</legend>
          {MAIN_CATEGORIES.map((category) => (
            <label key={category}>
              <input
                type="checkbox"
                checked={options.categories.includes(category)}
                onChange={(e) =>
                  set({
                    categories: e.target.checked
                      ? [...options.categories, category]
                      : options.categories.filter((c) => c !== category),
                  })
                }
              />{' '}
              {category}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-bbox`}>Area (minLng,minLat,maxLng,maxLat)</label>
        <input
          id={`${id}-bbox`}
          value={options.bbox}
          placeholder="4.7,45.7,4.95,45.82"
          onChange={(e) => set({ bbox: e.target.value })}
        />
        <label>
          <input type="checkbox" checked={options.live} onChange={(e) => set({ live: e.target.checked })} /> Live now
          only
        </label>
        <label htmlFor={`${id}-locale`}>Language</label>
        <select
          id={`${id}-locale`}
          value={options.locale}
          onChange={(e) => set({ locale: e.target.value === 'en' ? 'en' : 'fr' })}
        >
          <option value="fr">Français</option>
          <option value="en">English</option>
        </select>
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select
          id={`${id}-theme`}
          value={options.theme}
          onChange={(e) => set({ theme: e.target.value === 'dark' ? 'dark' : 'light' })}
        >
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
        <label htmlFor={`${id}-target`}>Open events in</label>
        <select
          id={`${id}-target`}
          value={options.target}
          onChange={(e) => set({ target: e.target.value === '_blank' ? '_blank' : '_top' })}
        >
          <option value="_top">The same window</option>
          <option value="_blank">A new tab</option>
        </select>
        <label htmlFor={`${id}-height`}>Initial height (px)</label>
        <input
          id={`${id}-height`}
          type="number"
          min={300}
          max={2000}
          value={options.height}
          onChange={(e) => set({ height: Math.min(2000, Math.max(300, Number(e.target.value) || 600)) })}
        />
      </form>

      <section className={styles.output} aria-label="Snippet">
        <label htmlFor={`${id}-snippet`}>Paste this into your page</label>
        <textarea id={`${id}-snippet`} readOnly rows={12} value={snippet} data-testid="embed-snippet" />
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            void navigator.clipboard?.writeText(snippet).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <h2>Preview</h2>
        {origin && (
          <iframe
            key={embedUrl(origin, options)}
            src={embedUrl(origin, options)}
            title={`${brandName} — preview`}
            className={styles.preview}
            style={{ height: options.height }}
            data-testid="embed-preview"
          />
        )}
      </section>
    </div>
  );
}
