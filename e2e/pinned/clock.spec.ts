import { expect, test } from '../fixtures/test';

/*
 * The pinned web server's own "now" (CLOCK_START): a feed's moving window ("this week") is computed on the server, so
 * what it lists shows which day that server thinks it is. At the pinned Sunday 14 March 2027, 19:00 in Paris, the
 * week ends at midnight: that evening's shows of the fixture catalogue, and none of the next days'.
 */
test('the web server computes "this week" from its pinned clock', async ({ request }) => {
  const response = await request.get('/api/feeds/events.atom?when=week&tz=Europe/Paris&lang=en');
  expect(response.status()).toBe(200);
  const atom = await response.text();
  expect(atom).toContain('La Traviata');
  expect(atom).toContain('Vianney');
  expect(atom).not.toContain('Juliette Armanet'); // Tuesday 16 March
  expect(atom).not.toContain('Angèle'); // Thursday 11 March: over
});
