'use client';

import { useId } from 'react';
import { NEAR_KM_SUGGESTIONS } from '@/lib/embed/near';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import { FieldError } from './field-error';
import styles from './snippet-builder.module.css';

export interface NearRadiusInputProps {
  t: EmbedBuilderMessages;
  value: string;
  invalid: boolean;
  onChange: (text: string) => void;
}

/** The radius the embed shows around the visitor, typed in km (with suggestions); an invalid one is explained. */
export function NearRadiusInput({ t, value, invalid, onChange }: NearRadiusInputProps) {
  const id = useId();
  return (
    <>
      <p className={styles.hint}>{t.nearHint}</p>
      <label htmlFor={`${id}-near`}>{t.nearRadius}</label>
      <input
        id={`${id}-near`}
        list={`${id}-near-km`}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-near-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={`${id}-near-km`}>
        {NEAR_KM_SUGGESTIONS.map((km) => (
          <option key={km} value={String(km)} />
        ))}
      </datalist>
      <FieldError id={`${id}-near-error`} message={invalid ? t.nearInvalid : undefined} />
    </>
  );
}
