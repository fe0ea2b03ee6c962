/**
 * The opaque `cursor` of a list paged by key: where the next page starts (a DynamoDB key of
 * strings), as base64url JSON. Whether a decoded key belongs to the listing asked for is the
 * caller's check; anything that is not such a key decodes to undefined.
 */
export const encodeCursor = (key: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string): Record<string, string> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key) && Object.values(key).every((v) => typeof v === 'string'))
      return key as Record<string, string>;
  } catch {
    // not a cursor of this API
  }
  return undefined;
}
