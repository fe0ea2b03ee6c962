import { validationError } from '../domain/errors.js';

/**
 * Runs before the key check: a request that carries X-API-Key more than once (repeated header
 * lines, or values joined with a comma on the way) is refused, rather than silently using one of
 * them, which may not be the key the caller meant.
 */
export function refuseRepeatedKey(event: {
  headers?: Record<string, string | undefined> | null;
  multiValueHeaders?: Record<string, string[] | undefined> | null;
}): void {
  const lines = Object.entries(event.multiValueHeaders ?? {})
    .filter(([name]) => name.toLowerCase() === 'x-api-key')
    .flatMap(([, values]) => values ?? []);
  const value = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-api-key')?.[1];
  const count = Math.max(lines.length, value?.includes(',') ? value.split(',').length : 0);
  if (count > 1)
    throw validationError([
      {
        field: 'X-API-Key',
        message: `must be sent once: it was sent ${count} times; send one key, e.g. one "X-API-Key: vpo_…" line`,
      },
    ]);
}
