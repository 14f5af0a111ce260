'use client';

import { useSyncExternalStore } from 'react';
import type { TMainCategory } from '@/lib/contract/categories';
import { embedLink, embedSnippet, embedUrl } from '@/lib/embed/snippet';
import type { Camera } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import { embedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import { AreaField } from './area-field';
import { CategoryField } from './category-field';
import { DisplayFields } from './display-fields';
import { EmbedPreview } from './embed-preview';
import { FilterFields } from './filter-fields';
import { FrameOrigins } from './frame-origins';
import { LockField } from './lock-field';
import styles from './snippet-builder.module.css';
import { SnippetOutput } from './snippet-output';
import { useBuilder } from './use-builder';

const noSubscribe = () => () => {};

export interface SnippetBuilderProps {
  brandName: string;
  /** The language of the builder itself (the embed's is one of its options). */
  locale: Locale;
  /** The brand's default categories, preselected. */
  defaultCategories: readonly TMainCategory[];
  defaultLocale: 'fr' | 'en';
  /** The brand's `frame-ancestors` sources: the sites where the embed may be shown. */
  embedOrigins: readonly string[];
  /** The area map: where MapLibre is served, the operator's style if any, the brand's default camera. */
  map: { mapLibPath: string; mapStyleUrl: string | undefined; defaultCamera: Camera };
}

/** The embed's options as a form, the copy-paste snippet and link they give, and a live preview of that embed. */
export function SnippetBuilder({
  brandName,
  locale,
  defaultCategories,
  defaultLocale,
  embedOrigins,
  map,
}: SnippetBuilderProps) {
  const t = embedBuilderMessages(locale);
  const { draft, options, errors, update } = useBuilder({ categories: defaultCategories, locale: defaultLocale });
  // The app's own origin, as the visitor reaches it (the server cannot know the public host behind a proxy).
  const origin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => '',
  );
  const src = origin ? embedUrl(origin, options) : '';

  return (
    <div className={styles.layout}>
      <form className={styles.form} aria-label={t.form} onSubmit={(e) => e.preventDefault()}>
        <AreaField t={t} draft={draft} error={errors.area} nearError={errors.near} update={update} map={map} />
        <CategoryField
          t={t}
          locale={locale}
          value={draft.categories}
          onChange={(categories) => update({ categories })}
        />
        <FilterFields t={t} draft={draft} update={update} />
        <LockField t={t} draft={draft} error={errors.lock} update={update} />
        <DisplayFields t={t} draft={draft} error={errors.height} update={update} />
      </form>
      <section className={styles.output} aria-label={t.snippet}>
        <SnippetOutput
          t={t}
          snippet={origin ? embedSnippet(origin, t.frameTitle(brandName), options) : ''}
          link={origin ? embedLink(origin, t.openMap(brandName), options) : ''}
        />
        {origin && <FrameOrigins t={t} sources={embedOrigins} selfOrigin={origin} />}
        <h2>{t.preview}</h2>
        {src && (
          <EmbedPreview
            src={src}
            title={t.previewTitle(brandName)}
            height={options.height}
            geolocation={options.near !== null}
          />
        )}
      </section>
    </div>
  );
}
