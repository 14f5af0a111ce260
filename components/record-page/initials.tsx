/** A name's initials in a circle, for people and groups that have no picture. */
export function Initials({ name, className }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <span className={className} aria-hidden="true" data-initials="">
      {initials}
    </span>
  );
}
