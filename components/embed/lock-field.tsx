'use client';

import { useId } from 'react';
import type { BuilderDraft, DraftErrors } from '@/lib/embed/builder-draft';
import { LOCKABLE, type Lockable } from '@/lib/embed/params';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import { FieldError } from './field-error';
import styles from './snippet-builder.module.css';

export interface LockFieldProps {
  t: EmbedBuilderMessages;
  draft: BuilderDraft;
  error: DraftErrors['lock'];
  update: (patch: Partial<BuilderDraft>) => void;
}

/** Which preset parts are locked (visitors filter within them) and which are only where the embed starts. */
export function LockField({ t, draft, error, update }: LockFieldProps) {
  const id = useId();
  const name: Record<Lockable, string> = { cat: t.categories, live: t.live, area: t.area };
  return (
    <fieldset className={styles.group} aria-describedby={`${id}-hint`}>
      <legend>{t.lockLegend}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t.lockHint}
      </p>
      {LOCKABLE.map((part) => (
        <label key={part} className={styles.choice}>
          <input
            type="checkbox"
            checked={draft.lock.includes(part)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) =>
              update({ lock: LOCKABLE.filter((p) => (p === part ? e.target.checked : draft.lock.includes(p))) })
            }
          />
          <span>
            {name[part]} — <span className={styles.muted}>{t.lock}</span>
          </span>
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error ? t[error] : undefined} />
    </fieldset>
  );
}
