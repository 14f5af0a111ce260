/** Median cost of rewriting the service's public links in a 500-event body (lib/partner/public-links.ts). Run: npx tsx bench/public-links.ts */
import { rewritePublicLinks } from '../lib/partner/public-links';
const origin = 'http://127.0.0.1:4000';
const event = (i: number) => ({
  id: i,
  name: `Event ${i}`,
  description: 'x'.repeat(600),
  image: `${origin}/images/event/${i}-main.svg`,
  webImage: `${origin}/images/event/${i}-web.svg`,
  serviceLink: `${origin}/e/${i}`,
  sources: [1, 2].map((s) => ({
    link: `${origin}/r/tok${i}.${s}.abcdefabcdef`,
    partner: { logo: `${origin}/images/partner/${s}-logo.svg` },
  })),
});
const body = new TextEncoder().encode(JSON.stringify({ data: Array.from({ length: 500 }, (_, i) => event(i)) }));
const none = new TextEncoder().encode(
  JSON.stringify({ data: Array.from({ length: 500 }, (_, i) => event(i)) }).replaceAll(origin, 'https://cdn.example'),
);
function median(f: () => void) {
  const t: number[] = [];
  for (let i = 0; i < 60; i++) {
    const s = performance.now();
    f();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[30]!;
}
console.log(
  `body ${(body.length / 1024).toFixed(0)} KiB; rewrite median ${median(() => rewritePublicLinks(body, origin)).toFixed(2)} ms; no-match median ${median(() => rewritePublicLinks(none, origin)).toFixed(2)} ms`,
);
