/** Strips the key attributes before a record leaves the data layer. */
export function withoutKeys<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk' | 'gsi4pk' | 'gsi4sk' | 'entity' | 'expiresAt'> {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _a,
    gsi1sk: _b,
    gsi2pk: _c,
    gsi2sk: _d,
    gsi3pk: _g,
    gsi3sk: _h,
    gsi4pk: _i,
    gsi4sk: _j,
    entity: _e,
    expiresAt: _f,
    ...rest
  } = item;
  return rest;
}
