import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { foldText, sqlFoldLigatures, tokenize } from './normalize';
import { compareRanked, rankKey } from './ranking';
import { textRelevance } from './relevance';
import { editVariants, prefixWithinOneEdit, withinOneEdit } from './typo';
import { matchExpression, Vocabulary } from './vocabulary';

describe('normalize', () => {
  it('folds case, accents and ligatures like unicode61 remove_diacritics 2', () => {
    expect(foldText('Théâtre ÉCOLE Œuvre')).toBe('theatre ecole oeuvre');
    expect(tokenize("L'Olympia — Café-concert n°5")).toEqual(['l', 'olympia', 'cafe', 'concert', 'n', '5']);
  });

  it('produces exactly the terms FTS5 indexes', () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'unicode61 remove_diacritics 2')");
    db.exec("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')");
    const texts = [
      "L'Olympia — Café-concert n°5",
      'Zénith Nantes Métropole',
      'Ångström ÇA ñandú',
      'Über-Straße 12bis',
      'Ōsaka İstanbul',
    ];
    // The index triggers fold ligatures in SQL before the tokenizer sees the text.
    const insert = db.prepare(`INSERT INTO t(a) VALUES (${sqlFoldLigatures('?')})`);
    for (const text of texts) insert.run(text);
    const terms = (db.prepare('SELECT term FROM v ORDER BY term').all() as Array<{ term: string }>).map((r) => r.term);
    const mine = [...new Set(texts.flatMap(tokenize))].sort();
    expect(mine).toEqual([...terms].sort());
    db.close();
  });
});

describe('typo', () => {
  it('finds words one edit away and nothing further', () => {
    expect(withinOneEdit('theatre', 'theatre')).toBe(true);
    expect(withinOneEdit('thaetre', 'theatre')).toBe(true);
    expect(withinOneEdit('theatr', 'theatre')).toBe(true);
    expect(withinOneEdit('theatree', 'theatre')).toBe(true);
    expect(withinOneEdit('thxatre', 'theatre')).toBe(true);
    expect(withinOneEdit('thxxtre', 'theatre')).toBe(false);
    expect(withinOneEdit('heatr', 'theatre')).toBe(false);
    expect(prefixWithinOneEdit('thaet', 'theatre')).toBe(true);
    expect(prefixWithinOneEdit('txxat', 'theatre')).toBe(false);
  });

  it('generates every one-edit variant', () => {
    const variants = editVariants('jazzy');
    for (const v of ['jazz', 'jazzz' + 'y', 'ajzzy', 'jbzzy', 'jazzyx']) expect(variants.has(v)).toBe(true);
    expect(variants.has('jazzy')).toBe(false);
    for (const v of variants) expect(withinOneEdit('jazzy', v)).toBe(true);
  });
});

describe('vocabulary', () => {
  const vocabulary = new Vocabulary([
    { term: 'theatre', doc: 10 },
    { term: 'theatres', doc: 2 },
    { term: 'concert', doc: 20 },
    { term: 'jazz', doc: 5 },
  ]);

  it('keeps known words and prefixes as typed', () => {
    expect(vocabulary.expand('theatre', false).typos).toEqual([]);
    expect(vocabulary.expand('thea', true).typos).toEqual([]);
  });

  it('offers one-typo alternatives for unknown words of five letters or more', () => {
    expect(vocabulary.expand('thaetre', false).typos).toEqual(['theatre']);
    expect(vocabulary.expand('concet', false).typos).toEqual(['concert']);
    expect(vocabulary.expand('thaet', true).typos).toContain('theat');
    expect(vocabulary.expand('jaz', false).typos).toEqual([]);
    expect(vocabulary.expand('jazzz', false).typos).toEqual(['jazz']);
  });

  it('builds a MATCH expression', () => {
    const words = [vocabulary.expand('concet', false), vocabulary.expand('thea', true)];
    expect(matchExpression(words)).toBe('("concet" OR "concert") AND "thea"*');
  });
});

describe('relevance and ranking', () => {
  const q = (text: string) => {
    const words = tokenize(text);
    return words.map((word, i) => ({ word, prefix: i === words.length - 1, typos: [] }));
  };

  it('prefers exact words, then prefixes, then typos, then context', () => {
    const exact = textRelevance(q('theatre'), 'Grand Théâtre');
    const prefix = textRelevance(q('thea'), 'Grand Théâtre');
    const typo = textRelevance(q('theatte'), 'Grand Théâtre');
    const context = textRelevance(q('lyon'), 'Grand Théâtre', 'Lyon');
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(context);
    expect(textRelevance(q('petit theatre'), 'Le Petit Théâtre')).toBeGreaterThan(
      textRelevance(q('petit theatre'), 'Théâtre du Petit Monde'),
    );
  });

  it('breaks relevance ties by proximity band, then date', () => {
    const now = 0;
    const paris = { lng: 2.35, lat: 48.86 };
    const far = rankKey(
      { kind: 'event', id: 1, relevance: 1, lng: 4.83, lat: 45.76, startMs: 10, endMs: 20 },
      paris,
      now,
    );
    const nearLate = rankKey(
      { kind: 'event', id: 2, relevance: 1, lng: 2.36, lat: 48.86, startMs: 50, endMs: 60 },
      paris,
      now,
    );
    const nearSoon = rankKey(
      { kind: 'event', id: 3, relevance: 1, lng: 2.34, lat: 48.86, startMs: 5, endMs: 60 },
      paris,
      now,
    );
    const better = rankKey(
      { kind: 'event', id: 4, relevance: 1.1, lng: 4.83, lat: 45.76, startMs: 99, endMs: 100 },
      paris,
      now,
    );
    const sorted = [far, nearLate, nearSoon, better].sort(compareRanked).map((key) => key.id);
    expect(sorted).toEqual([4, 3, 2, 1]);
  });
});
