import { describe, expect, it } from 'vitest';
import { bufferLiteral, eventJsonPieces, sqlTextLiteral } from './event-json';
import { assembleEventJson } from './types';

const stored = {
  body: '{"id":7,"name":"Jazz à l\'Olympia"',
  commentaries: '[{"text":"top"}]',
  performers: '[{"id":3}]',
};

describe('the event-JSON join', () => {
  it('joins the body and the parts asked for into one object, a part not asked for being []', () => {
    expect(JSON.parse(assembleEventJson(stored, { commentaries: true, performers: true }))).toEqual({
      id: 7,
      name: "Jazz à l'Olympia",
      commentaries: [{ text: 'top' }],
      performers: [{ id: 3 }],
    });
    expect(JSON.parse(assembleEventJson(stored, { commentaries: false, performers: true }))).toMatchObject({
      commentaries: [],
      performers: [{ id: 3 }],
    });
    expect(JSON.parse(assembleEventJson(stored, { commentaries: true, performers: false }))).toMatchObject({
      commentaries: [{ text: 'top' }],
      performers: [],
    });
  });

  it('gives the same bytes when joined as buffers as when joined as strings', () => {
    const bytes = Buffer.concat(
      eventJsonPieces(Buffer.from(stored.body), Buffer.from(stored.commentaries), null, bufferLiteral),
    );
    expect(bytes.toString('utf8')).toBe(assembleEventJson(stored, { commentaries: true, performers: false }));
  });

  it('quotes its literal text for SQL, so a statement built from it concatenates the same text', () => {
    expect(sqlTextLiteral("it's")).toBe("'it''s'");
    expect(eventJsonPieces('e.body', 'e.commentaries_json', null, sqlTextLiteral).join(' || ')).toBe(
      `e.body || ',"commentaries":' || e.commentaries_json || ',"performers":' || '[]' || '}'`,
    );
  });
});
