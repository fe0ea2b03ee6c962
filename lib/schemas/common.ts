import { Type, type TSchema } from '@sinclair/typebox';

/** Shared building blocks. Bounds on strings and arrays keep items well under DynamoDB's 400 KB. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+$', description: 'CUID' });
export const DateTime = Type.String({ format: 'date-time' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Url = Type.String({ format: 'uri', maxLength: 2048, pattern: '^https?://' });
export const ShortText = (maxLength = 200) => Type.String({ minLength: 1, maxLength });
export const OptionalText = (maxLength = 2000) => Type.String({ maxLength });
export const Money = Type.Number({ minimum: 0, maximum: 1e12 });
export const OrderCurrency = Type.Union([Type.Literal('USD'), Type.Literal('KRW'), Type.Literal('AED')]);
export const CurrencyCode = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' });

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** Query strings arrive as text; the query validator coerces to these types. */
export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
};

export const Meta = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  error: Type.String(),
  statusCode: Type.Integer(),
  code: Type.String(),
  details: Type.Optional(Type.Unknown()),
});

export const successEnvelope = (data: TSchema, list = false) =>
  Type.Object({
    success: Type.Literal(true),
    data,
    ...(list ? { meta: Meta } : {}),
  });
