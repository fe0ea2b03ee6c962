type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/**
 * The folders' words joined into one catalogue, keyed as react-admin looks them up
 * (`resources.orders.name`, `vpo.billing.title`). Each folder gives a part of the tree; a key two
 * folders give is refused, as one of them would lose its words unseen.
 */
export function joinMessages<const T extends readonly object[]>(parts: T): Intersection<T[number]> {
  const out: Record<string, unknown> = {};
  for (const part of parts) into(out, part, '');
  return out as Intersection<T[number]>;
}

function into(target: Record<string, unknown>, part: object, path: string): void {
  for (const [key, value] of Object.entries(part)) {
    const there = target[key];
    if (value !== null && typeof value === 'object') {
      if (there !== undefined && (there === null || typeof there !== 'object'))
        throw new Error(`Words for ${path}${key} given twice`);
      target[key] ??= {};
      into(target[key] as Record<string, unknown>, value, `${path}${key}.`);
    } else {
      if (there !== undefined) throw new Error(`Words for ${path}${key} given twice`);
      target[key] = value;
    }
  }
}
