import type { CompiledRoute } from '../schemas/route.js';

/**
 * Fields the pipeline already placed (body.x, query.x, path.x), the whole body, a header
 * (X-API-Key, If-Match), or a field of another record the request needs that is not set (a
 * document's profile.bank.iban, customsInvoice.portOfDischarge, shipment.portOfLoading, car.vin).
 */
const PLACED = /^(body|query|path)(\.|\[|$)|^[A-Z]|-|^(profile|customsInvoice|shipment|car)\./;

/**
 * Where in the request a field a use case or a rule names came from: the use cases speak of
 * their input (`inspectionDate`, `items[0].amount`, `id`), and the answer says where the client
 * sent it (`body.inspectionDate`, `path.id`), as the validator's own fields do. The path's
 * parameters first, then the body's fields, then the query's; a name none of them has is in the
 * body when the route takes one, and left as it is otherwise.
 */
export function locateField(
  field: string,
  route: Pick<CompiledRoute, 'paramNames' | 'bodyNames' | 'queryNames'>,
): string {
  if (PLACED.test(field)) return field;
  const name = field.split(/[.[]/, 1)[0]!;
  if (route.paramNames?.includes(name)) return `path.${field}`;
  if (route.bodyNames?.includes(name)) return `body.${field}`;
  if (route.queryNames?.includes(name)) return `query.${field}`;
  // A field of a body no schema lists (the body is the usual place of what a use case checks).
  if (route.bodyNames) return `body.${field}`;
  return field;
}
