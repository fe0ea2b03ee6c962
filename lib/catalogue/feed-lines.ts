import { Ajv, type ValidateFunction } from 'ajv';
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Provider, RemovedAvailability } from '../domain/car.js';
import type { FeedKind } from '../domain/catalogue-feeds.js';
import { fieldHints, recordProblems } from '../schemas/field-errors.js';
import { isDate, isDateTime } from '../schemas/formats.js';
import type { FieldHints } from '../schemas/route.js';
import { CarImportLine } from './car-schema.js';

/**
 * One line of a provider's feed, read and checked. A full list's lines are cars (the catalogue
 * import's lines); a delta's lines say `op`: `upsert` with the car, or `remove` with the
 * listing number and whether it was `sold` or `withdrawn`. `provider` may be left out: the feed's
 * folder names it (and a line naming another provider is refused).
 */
export type FeedLine =
  | { op: 'upsert'; car: CarImportLine }
  | { op: 'remove'; provider: Provider; advertisementNumber: string; availability: RemovedAvailability };

const RemoveLine = Type.Object(
  {
    op: Type.Literal('remove'),
    provider: Type.Optional(Type.String()),
    advertisementNumber: Type.String({ minLength: 1, maxLength: 64 }),
    availability: Type.Union([Type.Literal('sold'), Type.Literal('withdrawn')]),
  },
  { additionalProperties: false },
);

interface Checked<T> {
  validate: ValidateFunction<T>;
  /** What each field takes, worded as the API words its own fields. */
  hints: FieldHints;
}

/** Compiled on first use, in the import function only. */
let validators: { car: Checked<CarImportLine>; remove: Checked<Static<typeof RemoveLine>> } | undefined;
function compiled() {
  // The API's own date formats, so a feed's date means what a request's date means.
  const ajv = new Ajv({ allErrors: true, strict: false, formats: { date: isDate, 'date-time': isDateTime } });
  validators ??= {
    car: { validate: ajv.compile<CarImportLine>(CarImportLine), hints: fieldHints(CarImportLine) },
    remove: { validate: ajv.compile<Static<typeof RemoveLine>>(RemoveLine), hints: fieldHints(RemoveLine) },
  };
  return validators;
}

/** Why a line is refused, field by field, in the words the API uses for a request's fields. */
const reasons = ({ validate, hints }: Checked<unknown>, line: unknown): string =>
  recordProblems(validate.errors, line, hints);

/** A car line of an import file as it is: the car, or why it is refused. */
export function checkCarLine(value: unknown): { ok: true; car: CarImportLine } | { ok: false; reason: string } {
  const { car } = compiled();
  return car.validate(value) ? { ok: true, car: value } : { ok: false, reason: reasons(car, value) };
}

/** Reads one line of a feed: the change it asks for, or why it is refused; undefined for a blank line. */
export function readFeedLine(
  text: string,
  provider: Provider,
  kind: FeedKind,
): { ok: true; value: FeedLine } | { ok: false; reason: string; advertisementNumber?: string } | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'must be a JSON object, one per line' };
  const { op, ...rest } = value as Record<string, unknown>;
  if (rest.provider !== undefined && rest.provider !== provider)
    return {
      ok: false,
      reason: `provider must be "${provider}", the provider whose folder the feed is in, or left out`,
    };
  const fields = { ...rest, provider };
  const { car, remove } = compiled();
  if (kind === 'full') {
    // A refused line still names the car it is about, when it does: a full list that lists a car
    // on a line it cannot apply has not left the car out, and must not remove it.
    const named =
      typeof rest.advertisementNumber === 'string' && rest.advertisementNumber !== ''
        ? { advertisementNumber: rest.advertisementNumber }
        : {};
    if (op !== undefined) return { ok: false, reason: 'op belongs in a delta: a full list holds cars only', ...named };
    return car.validate(fields)
      ? { ok: true, value: { op: 'upsert', car: fields } }
      : { ok: false, reason: reasons(car, fields), ...named };
  }
  if (op === 'upsert')
    return car.validate(fields)
      ? { ok: true, value: { op: 'upsert', car: fields } }
      : { ok: false, reason: reasons(car, fields) };
  if (op === 'remove') {
    const line: unknown = { op, ...fields };
    if (!remove.validate(line)) return { ok: false, reason: reasons(remove, line) };
    return {
      ok: true,
      value: { op: 'remove', provider, advertisementNumber: line.advertisementNumber, availability: line.availability },
    };
  }
  return {
    ok: false,
    reason: `op must be "upsert" or "remove" in a delta${op === undefined ? '' : `, not ${JSON.stringify(op)}`}`,
  };
}
