'use client';

import { useId, useState } from 'react';
import { findTown, TOWNS } from '@/lib/embed/towns';
import type { Bounds } from '@/lib/explorer/bounds';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import { FieldError } from './field-error';

/** A town typed (with suggestions) frames the map on it; a name it does not know is said so. */
export function TownInput({ t, onTown }: { t: EmbedBuilderMessages; onTown: (area: Bounds) => void }) {
  const id = useId();
  const [town, setTown] = useState('');
  const typed = town.trim().toLowerCase();
  const unknown = typed.length > 2 && !TOWNS.some((x) => x.name.toLowerCase().startsWith(typed)) && !findTown(town);
  return (
    <>
      <label htmlFor={`${id}-town`}>{t.town}</label>
      <input
        id={`${id}-town`}
        list={`${id}-towns`}
        value={town}
        placeholder={t.townHint}
        autoComplete="off"
        aria-describedby={unknown ? `${id}-town-error` : undefined}
        onChange={(e) => {
          setTown(e.target.value);
          const found = findTown(e.target.value);
          if (found) onTown(found.area);
        }}
      />
      <datalist id={`${id}-towns`}>
        {TOWNS.map((x) => (
          <option key={x.name} value={x.name} />
        ))}
      </datalist>
      <FieldError id={`${id}-town-error`} message={unknown ? t.townUnknown(town.trim()) : undefined} />
    </>
  );
}
