import * as Type from '@sinclair/typebox';
import { DAMAGE_KINDS, FUEL_TYPES } from '../domain/car.js';
import { AGE_COUNTED_FROM, AGE_COUNTED_TO } from '../domain/import-rules.js';

/** What a destination country lets in (docs/import-rules.md): the shapes the rules' routes, the car check and orders share. */

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

export const CountryCode = Type.String({
  pattern: '^[A-Za-z]{2}$',
  description: 'ISO 3166-1 alpha-2 country code',
  examples: ['KW'],
});

const Cc = Type.Integer({ minimum: 0, maximum: 20_000 });

const Permit = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, examples: ['Korean strategic-items export permit (MOTIE)'] }),
    engineOverCc: Type.Optional({ ...Cc, description: 'needed only for engines over this many cc', examples: [2000] }),
    note: Type.Optional(Type.String({ maxLength: 1000, examples: ['Reviewed case by case'] })),
  },
  {
    additionalProperties: false,
    title: 'ImportPermit',
    examples: [{ name: 'Korean strategic-items export permit (MOTIE)', engineOverCc: 2000 }],
  },
);

/** The fields an admin sets for one country. */
export const ImportRuleFields = {
  maxAgeYears: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'oldest a car may be, in whole years; no limit when absent',
    }),
  ),
  ageCountedFrom: literals(
    AGE_COUNTED_FROM,
    'where the age starts: the model year (its 1 January) or the first registration',
  ),
  ageCountedTo: literals(
    AGE_COUNTED_TO,
    'the day the age is counted to: the order date, or the arrival (the ETA, else 60 days after the order)',
  ),
  refusedDamage: Type.Array(literals(DAMAGE_KINDS), { uniqueItems: true, maxItems: DAMAGE_KINDS.length }),
  engine: Type.Optional(
    Type.Object(
      { minCc: Type.Optional(Cc), maxCc: Type.Optional(Cc) },
      { additionalProperties: false, description: 'engine sizes let in, in cc' },
    ),
  ),
  fuelTypesRefused: Type.Array(literals(FUEL_TYPES), { uniqueItems: true, maxItems: FUEL_TYPES.length }),
  documents: Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
    maxItems: 30,
    description: 'what the buyer will need at the destination',
  }),
  permits: Type.Array(Permit, { maxItems: 10, description: 'what the exporter needs on the Korean side' }),
  note: Type.String({ maxLength: 2000 }),
  source: Type.String({ minLength: 1, maxLength: 1000, description: 'the document or page the figures come from' }),
  asOf: Type.String({ format: 'date', description: 'the day the source was read' }),
  confirmed: Type.Boolean({ description: 'false while the figure rests on secondary sources only' }),
};

export const ImportRule = Type.Object(
  {
    country: Type.String({ description: 'ISO 3166-1 alpha-2', examples: ['KW'] }),
    ...ImportRuleFields,
    origin: literals(['default', 'tenant'] as const, "the platform's default, or the tenant's own version"),
    version: Type.Integer({ minimum: 1 }),
    updatedAt: Type.Optional(Type.String({ format: 'date-time' })),
    updatedBy: Type.Optional(Type.String()),
  },
  { title: 'ImportRule' },
);

const RuleName = literals(['maxAgeYears', 'refusedDamage', 'engine', 'fuelTypesRefused'] as const);

/** One car judged against one destination. */
export const ImportCheck = Type.Object(
  {
    country: Type.String(),
    allowed: Type.Boolean(),
    reasons: Type.Array(
      Type.Object({ rule: RuleName, message: Type.String(), source: Type.String() }, { title: 'ImportReason' }),
    ),
    documents: Type.Array(Type.String()),
    permits: Type.Array(Permit),
    unchecked: Type.Array(Type.Object({ rule: RuleName, message: Type.String() }), {
      description: 'rules the car could not be judged on, for want of the field they read',
    }),
    ruled: Type.Boolean({ description: 'false when the destination has no rule set: nothing is refused' }),
  },
  { title: 'ImportCheck' },
);

/** An admin's decision to sell a car the destination's rules refuse. */
export const ImportRuleOverride = Type.Object(
  {
    reason: Type.String({ minLength: 10, maxLength: 1000 }),
    by: Type.String(),
    at: Type.String({ format: 'date-time' }),
  },
  { title: 'ImportRuleOverride' },
);

export const OverrideRequest = Type.Object(
  {
    reason: Type.String({
      minLength: 10,
      maxLength: 1000,
      description: 'why the rules are overridden (at least 10 characters); admin only',
      examples: ['Buyer re-exports to Iraq; Kuwait transit only'],
    }),
  },
  { additionalProperties: false },
);
