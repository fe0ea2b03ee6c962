import { validationError } from '../domain/errors.js';
import { parseIfMatch, type ExpectedVersion } from '../domain/versioning.js';
import type { CompiledRoute } from '../schemas/route.js';

/**
 * The version a request means to change, on routes of versioned records: the body's `version`
 * or the If-Match header (`"3"`, the ETag of the last read; `*` means any version). Both may be
 * given when they agree. A route that requires one refuses a request with neither.
 */
export function expectedVersionOf(
  route: CompiledRoute,
  headers: Record<string, string | undefined>,
  body: unknown,
): ExpectedVersion | undefined {
  const mode = route.versioned?.ifMatch;
  if (!mode) return undefined;
  const header = headers['if-match'];
  const fromHeader = header === undefined ? undefined : parseIfMatch(header);
  if (header !== undefined && fromHeader === undefined) {
    throw validationError([
      { field: 'If-Match', message: 'must be the ETag of the record, e.g. "3" (quotes included), or *' },
    ]);
  }
  const fromBody = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined;
  const bodyVersion = typeof fromBody === 'number' ? fromBody : undefined;
  if (bodyVersion !== undefined && typeof fromHeader === 'number' && bodyVersion !== fromHeader) {
    throw validationError([
      {
        field: 'If-Match',
        message: `must name the same version as body.version: it names ${fromHeader}, the body ${bodyVersion}; send one of them, or the same in both, e.g. If-Match: "${bodyVersion}"`,
      },
    ]);
  }
  if (typeof fromHeader === 'number') return { version: fromHeader, via: 'if-match' };
  if (bodyVersion !== undefined) return { version: bodyVersion, via: 'body' };
  if (mode === 'required' && fromHeader !== 'any') {
    throw validationError([
      {
        field: 'body.version',
        message: `is required: send the ${route.versioned?.record ?? 'record'}'s current version in the body or as an If-Match header, e.g. {"version": 3} or If-Match: "3"`,
      },
    ]);
  }
  return undefined;
}
