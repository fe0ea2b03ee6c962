import type { Static, TSchema } from '@sinclair/typebox';
import { firstFailure } from './record-check.js';
import { withoutKeys } from './without-keys.js';

/**
 * A stored item that does not have the shape its record's schema gives: written by other code, or
 * by an older version of this code with no migration. Raised where the item is read, naming the
 * record, its keys and the first attribute that is wrong, so the fault shows at the table and
 * not three calls later.
 */
export class CorruptRecordError extends Error {
  constructor(
    readonly entity: string,
    readonly key: string,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`The stored ${entity} ${key} does not have its record's shape at ${path || '/'}: ${reason}`);
    this.name = 'CorruptRecordError';
  }
}

/** How a record leaves the table: the key attributes dropped and the rest checked against its schema. */
export interface RecordCodec<S extends TSchema> {
  readonly entity: string;
  readonly schema: S;
  /** The item as the table returned it, checked; throws CorruptRecordError when it does not fit. */
  decode(item: Record<string, unknown>): Static<S>;
}

/** The codec of one record type: its schema walked as data on each read (lib/store/record-check.ts). */
export function recordCodec<S extends TSchema>(entity: string, schema: S): RecordCodec<S> {
  return {
    entity,
    schema,
    decode(item) {
      const value = withoutKeys(item);
      const failure = firstFailure(schema, value);
      if (failure === undefined) return value as Static<S>;
      throw new CorruptRecordError(entity, `${String(item.pk)} ${String(item.sk)}`, failure.path, failure.message);
    },
  };
}
