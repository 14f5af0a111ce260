import { describe, expect, it } from 'vitest';
import { foldName, nameMatch, rankSuggestions } from './rank-suggestions';

const opt = (kind: 'event' | 'place' | 'performer' | 'town', label: string) => ({ kind, label });

describe('rankSuggestions', () => {
  it('puts a performer named exactly as typed before the events that mention the name', () => {
    const options = [
      ...Array.from({ length: 8 }, (_, i) => opt('event', `Julien Gauthier : nouveau spectacle ${i}`)),
      opt('place', 'Salle Gauthier'),
      opt('performer', 'Julien Gauthier'),
    ];
    const ranked = rankSuggestions('julien gauthier', options);
    expect(ranked[0]).toEqual(opt('performer', 'Julien Gauthier'));
    // The others keep their order.
    expect(ranked.slice(1)).toEqual(options.filter((o) => o.kind !== 'performer'));
  });

  it('keeps each kind together, the kind of the best match first', () => {
    const ranked = rankSuggestions('Lyon', [
      opt('event', 'Fête à Lyon'),
      opt('event', 'Lyon Jazz'),
      opt('performer', 'Lyon'),
      opt('performer', 'Lyonnais'),
    ]);
    expect(ranked.map((o) => o.label)).toEqual(['Lyon', 'Lyonnais', 'Fête à Lyon', 'Lyon Jazz']);
  });

  it('ranks exact before near, and a named thing before an event of the same name', () => {
    const ranked = rankSuggestions('Théâtre du Rond-Point', [
      opt('event', 'Concert'),
      opt('event', 'Théâtre du Rond-Point'),
      opt('place', 'Le Théâtre du Rond Point'),
      opt('place', 'theatre du rond point'),
    ]);
    expect(ranked.map((o) => `${o.kind}:${o.label}`)).toEqual([
      'place:theatre du rond point',
      'place:Le Théâtre du Rond Point',
      'event:Théâtre du Rond-Point',
      'event:Concert',
    ]);
  });

  it('forgives one typo in a long enough name, not in a short one', () => {
    expect(nameMatch('julien gautier', 'Julien Gauthier')).toBe(1);
    expect(nameMatch('lyom', 'Lyon')).toBe(2);
    expect(nameMatch('Lyon', 'lyon')).toBe(0);
    expect(nameMatch('jazz', 'Jazz à Vienne')).toBe(2);
  });

  it('folds case, accents and punctuation', () => {
    expect(foldName('  Saint-Étienne ')).toBe('saint etienne');
  });
});
