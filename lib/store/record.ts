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

declare const describes: unique symbol;

/**
 * A record's schema as plain JSON Schema data: what the build makes of its TypeBox schema in a
 * lib/store/records/*.schema.ts module (lib/schemas/generated/records.js, scripts/build-records.ts),
 * typed with the value it describes, so a codec decodes exactly its schema's type and no TypeBox
 * is loaded at run time.
 */
export type StoredSchema<T> = { readonly [describes]?: T } & Readonly<Record<string, unknown>>;

/** How a record leaves the table: the key attributes dropped and the rest checked against its schema. */
export interface RecordCodec<T> {
  readonly entity: string;
  readonly schema: StoredSchema<T>;
  /** The item as the table returned it, checked; throws CorruptRecordError when it does not fit. */
  decode(item: Record<string, unknown>): T;
}

/**
 * The codec of one record type: its schema walked as data on each read (lib/store/record-check.ts).
 * Making one does nothing else, and the record modules mark each call `@__PURE__`: a bundle drops
 * the codecs its code never reads, and the schemas only they point at (esbuild takes the mark at
 * the call only, not on this declaration).
 */
export function recordCodec<T>(entity: string, schema: StoredSchema<T>): RecordCodec<T> {
  return {
    entity,
    schema,
    decode(item) {
      const value = withoutKeys(item);
      const failure = firstFailure(schema, value);
      if (failure === undefined) return value as T;
      throw new CorruptRecordError(entity, `${String(item.pk)} ${String(item.sk)}`, failure.path, failure.message);
    },
  };
}
