import type { TSchema } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';

/** Shared building blocks. Bounds on strings and arrays keep items well under DynamoDB's 400 KB. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+$', description: 'CUID' });
/**
 * RFC 3339 date-time, checked for a real calendar date (no 30 February). The pattern also
 * refuses the leap second 60, which JavaScript dates cannot represent.
 */
export const DateTime = Type.String({
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d',
  maxLength: 40,
});
/** Optimistic-lock version of a record: a whole number far below any precision limit. */
export const Version = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Url = Type.String({ format: 'uri', maxLength: 2048, pattern: '^https?://' });
export const ShortText = (maxLength = 200) => Type.String({ minLength: 1, maxLength });
export const OptionalText = (maxLength = 2000) => Type.String({ maxLength });
export const Money = Type.Number({ minimum: 0, maximum: 1e12 });
export const OrderCurrency = Type.Union([Type.Literal('USD'), Type.Literal('KRW'), Type.Literal('AED')]);
export const CurrencyCode = Type.String({
  format: 'currency',
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 code, e.g. USD',
});
/** A phone number with its country code (lib/schemas/formats.ts); stored in E.164. */
export const PhoneNumber = (description = 'with its country code, e.g. +971501234567') =>
  Type.String({ format: 'phone', minLength: 6, maxLength: 30, description });

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** Query strings arrive as text; the query validator coerces to these types. */
export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
};

/** A cursor list's page: how many, and where the previous page ended (`example`, a cursor the list gives). */
export const CursorQuery = (example: string) => ({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'meta.nextCursor of the previous page',
      examples: [example],
    }),
  ),
});

/** With ?currency on the cars: the rate convertedPrice uses, or why there is none. */
const CurrencyMeta = Type.Object(
  {
    code: Type.String({ examples: ['QAR'] }),
    rate: Type.Union([Type.String(), Type.Null()], {
      description: 'units of code per KRW, as a decimal string; null when no rate is known',
      examples: ['0.0026208'],
    }),
    reason: Type.Optional(Type.String({ description: 'why rate is null (convertedPrice is then null)' })),
  },
  { description: 'with ?currency: the rate convertedPrice uses' },
);

const Meta = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  currency: Type.Optional(CurrencyMeta),
});

/** One problem of a refused request; the same shape on every error code. */
const Problem = Type.Object(
  {
    field: Type.Optional(
      Type.String({ description: 'where the problem is: body.x, query.x, path.x, or a header name' }),
    ),
    message: Type.String({ description: 'one plain sentence' }),
  },
  {
    additionalProperties: true,
    description:
      'facts a client can act on ride along, e.g. currentVersion, balance, missingRequirements, allowedRoles',
  },
);

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  error: Type.String({ description: 'what went wrong, for people' }),
  statusCode: Type.Integer(),
  code: Type.String({ description: 'stable machine-readable code, e.g. VALIDATION_ERROR' }),
  details: Type.Optional(
    Type.Array(Problem, {
      description: 'every problem found, one entry per field; left out when the message says it all',
    }),
  ),
});

const CursorMeta = Type.Object({
  limit: Type.Integer(),
  nextCursor: Type.Optional(Type.String({ description: 'pass as cursor for the next page; absent on the last page' })),
});

/** A feed has no last page: its cursor is always given, and an empty page means "nothing new yet". */
const FeedMeta = Type.Object({
  limit: Type.Integer(),
  nextCursor: Type.String({
    description: 'always given, on an empty page too: pass it as `after` to read on (a few hundred characters at most)',
  }),
});

/** Paged both ways (the order list): page numbers, and a cursor that reads only the next page. */
const PageAndCursorMeta = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  nextCursor: Type.Optional(
    Type.String({
      description:
        "pass as cursor for the next page (one page read, whatever the list's size); absent on the last page",
    }),
  ),
  total: Type.Optional(Type.Integer({ description: 'given with the page that ends the list, reached by page number' })),
  totalPages: Type.Optional(Type.Integer()),
});

export const successEnvelope = (
  data: TSchema,
  list = false,
  cursorList: boolean | 'feed' = false,
  currencyMeta = false,
) =>
  Type.Object({
    success: Type.Literal(true),
    data,
    ...(list && cursorList
      ? { meta: PageAndCursorMeta }
      : list
        ? { meta: Meta }
        : cursorList === 'feed'
          ? { meta: FeedMeta }
          : cursorList
            ? { meta: CursorMeta }
            : {}),
    ...(!list && !cursorList && currencyMeta
      ? { meta: Type.Optional(Type.Object({ currency: CurrencyMeta }, { description: 'given with ?currency' })) }
      : {}),
  });
