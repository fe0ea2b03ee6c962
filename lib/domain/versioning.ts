import { preconditionFailed, versionConflict } from './errors.js';

/**
 * The version a client says it is changing: from the body's `version` or from an `If-Match`
 * header (the ETag of its last read). A stale one is refused before anything is written: 409
 * VERSION_CONFLICT for the body, 412 PRECONDITION_FAILED for the header, as HTTP clients expect.
 */
export interface ExpectedVersion {
  version: number;
  via: 'body' | 'if-match';
}

export function checkExpectedVersion(
  expected: ExpectedVersion | undefined,
  current: number,
  what: 'order' | 'contract' | 'profile' | 'import rule' = 'order',
): void {
  if (expected === undefined || expected.version === current) return;
  throw expected.via === 'if-match' ? preconditionFailed(current, what) : versionConflict(current, what);
}

/** The strong ETag of a versioned record: its version, quoted. */
export const etagOf = (version: number): string => `"${version}"`;

/** `"3"`, `W/"3"` or `3` -> 3; `*` -> 'any'; anything else -> undefined (refused by the caller). */
export function parseIfMatch(header: string): number | 'any' | undefined {
  const value = header.trim();
  if (value === '*') return 'any';
  const match = /^(?:W\/)?"?(\d{1,10})"?$/.exec(value);
  if (!match) return undefined;
  const version = Number(match[1]);
  return Number.isSafeInteger(version) ? version : undefined;
}
