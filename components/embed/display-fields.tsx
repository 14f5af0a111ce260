'use client';

import { useId } from 'react';
import type { BuilderDraft, DraftErrors } from '@/lib/embed/builder-draft';
import { MAX_HEIGHT, MIN_HEIGHT } from '@/lib/embed/builder-draft';
import { EMBED_THEMES } from '@/lib/embed/params';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import { FieldError } from './field-error';
import styles from './snippet-builder.module.css';

export interface DisplayFieldsProps {
  t: EmbedBuilderMessages;
  draft: BuilderDraft;
  error: DraftErrors['height'];
  update: (patch: Partial<BuilderDraft>) => void;
}

/** The embed's language, theme, where events open and its first height. */
export function DisplayFields({ t, draft, error, update }: DisplayFieldsProps) {
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <legend>{t.display}</legend>
      <label htmlFor={`${id}-locale`}>{t.language}</label>
      <select
        id={`${id}-locale`}
        value={draft.locale}
        onChange={(e) => update({ locale: e.target.value === 'en' ? 'en' : 'fr' })}
      >
        <option value="fr" lang="fr">
          Français
        </option>
        <option value="en" lang="en">
          English
        </option>
      </select>
      <label htmlFor={`${id}-theme`}>{t.theme}</label>
      <select
        id={`${id}-theme`}
        value={draft.theme}
        onChange={(e) => update({ theme: EMBED_THEMES.find((theme) => theme === e.target.value) ?? 'light' })}
      >
        <option value="light">{t.themeLight}</option>
        <option value="dark">{t.themeDark}</option>
        <option value="auto">{t.themeAuto}</option>
      </select>
      <label htmlFor={`${id}-target`}>{t.target}</label>
      <select
        id={`${id}-target`}
        value={draft.target}
        onChange={(e) => update({ target: e.target.value === '_blank' ? '_blank' : '_top' })}
      >
        <option value="_top">{t.targetTop}</option>
        <option value="_blank">{t.targetBlank}</option>
      </select>
      <p className={styles.hint}>{t.targetHint}</p>
      <label htmlFor={`${id}-height`}>{t.height}</label>
      <input
        id={`${id}-height`}
        inputMode="numeric"
        value={draft.heightText}
        min={MIN_HEIGHT}
        max={MAX_HEIGHT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-height-error` : undefined}
        onChange={(e) => update({ heightText: e.target.value })}
      />
      <FieldError id={`${id}-height-error`} message={error ? t.heightInvalid : undefined} />
    </fieldset>
  );
}
