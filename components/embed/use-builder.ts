'use client';

import { useReducer } from 'react';
import type { TMainCategory } from '@/lib/contract/categories';
import { checkDraft, initialDraft, type BuilderDraft, type DraftErrors } from '@/lib/embed/builder-draft';
import type { SnippetOptions } from '@/lib/embed/snippet';

interface BuilderState {
  draft: BuilderDraft;
  /** What the snippet shows: the draft's valid values, and the last valid value of each invalid field. */
  options: SnippetOptions;
  errors: DraftErrors;
}

function reduce(state: BuilderState, patch: Partial<BuilderDraft>): BuilderState {
  const draft = { ...state.draft, ...patch };
  return { draft, ...checkDraft(draft, state.options) };
}

/** The builder's form state: the draft as typed, the snippet options it gives and what is wrong with it. */
export function useBuilder(defaults: { categories: readonly TMainCategory[]; locale: 'fr' | 'en' }) {
  const [state, update] = useReducer(reduce, defaults, (d) => {
    const draft = initialDraft(d);
    // The initial draft is valid, so its own options stand in for the "last valid" ones.
    const first = checkDraft(draft, {} as SnippetOptions);
    return { draft, ...first };
  });
  return { ...state, update };
}
