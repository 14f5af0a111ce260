/**
 * A free-text location ("Le Trianon, 80 boulevard de Rochechouart, 75018 Paris") split into venue name, street,
 * postal code and town: the first part names the venue, the part with a postal code (or the last part) gives the town.
 */
export function splitLocation(text: string): { name: string; street?: string; postalCode?: string; city?: string } {
  const parts = text
    .split(/\s*[,\n]\s*/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const name = parts[0] ?? text.trim();
  if (parts.length < 2) return { name };
  let townIndex = parts.findIndex((p, i) => i > 0 && /\b\d{4,5}\b/.test(p));
  if (townIndex === -1) townIndex = parts.length - 1;
  // A trailing country ("France") is not the town.
  if (townIndex === parts.length - 1 && parts.length > 2 && /^(france|fr)$/i.test(parts[townIndex] ?? ''))
    townIndex -= 1;
  const town = parts[townIndex] as string;
  const postal = /\b(\d{4,5})\b/.exec(town);
  const city = town.replace(/\b\d{4,5}\b/, '').trim();
  const street = parts.slice(1, townIndex).join(', ');
  return {
    name,
    ...(street ? { street } : {}),
    ...(postal ? { postalCode: postal[1] } : {}),
    ...(city ? { city } : {}),
  };
}
