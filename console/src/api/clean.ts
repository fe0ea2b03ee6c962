/**
 * A form's values as a request body: empty inputs (undefined, null, '') are left out, since the
 * API refuses an empty string where it wants a value and treats a missing optional field as "not
 * given". Arrays and nested objects are cleaned the same way.
 */
export function clean<T>(values: T): T {
  if (Array.isArray(values)) return values.map((value) => clean(value)) as T;
  if (values === null || typeof values !== 'object') return values;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = clean(value);
  }
  return out as T;
}

/** Only the named fields of a record (react-admin sends the whole record back on an edit). */
export function pick<T extends object, K extends string>(values: T, keys: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) if (key in values) out[key] = (values as Record<string, unknown>)[key];
  return out;
}
