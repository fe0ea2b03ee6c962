/** "Did you mean" for unknown fields and query parameters: the known name an unknown one most likely meant. */

/** Edit distance of two short names (letters added, removed or changed), case ignored. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= y.length; j += 1)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[y.length]!;
}

/** Names other APIs use for what this one calls otherwise. */
const SYNONYMS: Record<string, string> = {
  pagesize: 'limit',
  per_page: 'limit',
  perpage: 'limit',
  size: 'limit',
  offset: 'page',
  q: 'search',
  query: 'search',
  order: 'sortOrder',
  sort: 'sortBy',
  orderby: 'sortBy',
};

/** The known name an unknown one most likely meant (a synonym, a typo, another casing, a prefix such as make -> makeEn), if any is close. */
export function closestName(unknown: string, known: readonly string[]): string | undefined {
  const given = unknown.toLowerCase();
  const synonym = SYNONYMS[given];
  if (synonym && known.includes(synonym)) return synonym;
  let best: { name: string; score: number } | undefined;
  for (const name of known) {
    const lower = name.toLowerCase();
    const score =
      given.length >= 3 && lower.startsWith(given) ? (lower.length - given.length) * 0.5 : distance(unknown, name);
    if (score <= Math.max(2, Math.floor(name.length / 3)) && (!best || score < best.score)) best = { name, score };
  }
  return best?.name;
}
