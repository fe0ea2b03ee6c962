import type { RouteSpec } from '../../lib/schemas/route.js';
import { type Json, operationOf } from './recorder.js';

/** Requests the sweeps of every route send: the reference's example body, an id that names nothing, a body over the limit. */

/** Routes only platform admins (an admin key of no tenant) may use: the catalogue feeds. */
export const platformOnly = (route: RouteSpec) => route.path.startsWith('/api/v1/catalogue/');
/** The tenant's legal profile: a platform key names the tenant (?tenantId=). */
export const tenantProfileRoute = (route: RouteSpec) => route.path.startsWith('/api/v1/tenant-profile');
/** The size of a body the walk sends over the limit of lib/http/json.ts (256 KB, 262,144 bytes). */
export const OVERSIZED_BYTES = 300_000;

/** A JSON body of exactly OVERSIZED_BYTES: the example with a long `notes` (an image's `data`). */
export function oversized(example: Json): string {
  const field = typeof example.data === 'string' ? 'data' : 'notes';
  const padding = OVERSIZED_BYTES - Buffer.byteLength(JSON.stringify({ ...example, [field]: '' }));
  return JSON.stringify({ ...example, [field]: 'A'.repeat(padding) });
}

/** An id of the right form that names no record. */
export const UNKNOWN_ID = 'cz0unknown0record0000000';
/** The request body the reference shows for a route, if it takes one. */
export const exampleOf = (r: RouteSpec): Json | undefined =>
  operationOf(r).requestBody?.content['application/json'].example;
/** A route's path parameters naming `id` (a feed file's id is the hash of its key and version, 32 hex digits, not a CUID). */
export const pathOf = (r: RouteSpec, id: string): Record<string, string | number> => ({
  id:
    r.id === 'getCar' ? 2_000_000_000 : platformOnly(r) && id === UNKNOWN_ID ? '5f0c2d8e9a7b4c1d3e6f8a0b2c4d6e8f' : id,
  deliveryId: 'evt_0unknown0delivery0000',
  step: 'deregistration',
  // The profile's images are named, not numbered: a name it does not have stands for a bad id.
  image: id === UNKNOWN_ID ? 'stamp' : 'signature',
  // A country without a rule stands for an unknown record; a code that names no country for a bad id.
  country: id === UNKNOWN_ID ? 'FR' : 'ZZ',
});
/** A PUT of a rule for a country that has none makes it: no record can be unknown. */
export const createsRecord = (route: RouteSpec) => route.id === 'putImportRule';
