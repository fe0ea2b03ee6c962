import * as Type from '@sinclair/typebox';
import { DAMAGE_KINDS, FUEL_TYPES } from '../../domain/car.js';
import { AGE_COUNTED_FROM, AGE_COUNTED_TO } from '../../domain/import-rules.js';

const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** A destination's import rule as stored: a platform default (no tenantId) or a tenant's own version. */
export const ImportRuleRecord = Type.Object({
  tenantId: Type.Optional(Type.String()),
  country: Type.String(),
  maxAgeYears: Type.Optional(Type.Integer()),
  ageCountedFrom: oneOf(AGE_COUNTED_FROM),
  ageCountedTo: oneOf(AGE_COUNTED_TO),
  refusedDamage: Type.Array(oneOf(DAMAGE_KINDS)),
  engine: Type.Optional(Type.Object({ minCc: Type.Optional(Type.Integer()), maxCc: Type.Optional(Type.Integer()) })),
  fuelTypesRefused: Type.Array(oneOf(FUEL_TYPES)),
  documents: Type.Array(Type.String()),
  permits: Type.Array(
    Type.Object({
      name: Type.String(),
      engineOverCc: Type.Optional(Type.Integer()),
      note: Type.Optional(Type.String()),
    }),
  ),
  note: Type.String(),
  source: Type.String(),
  asOf: Type.String(),
  confirmed: Type.Boolean(),
  version: Type.Integer({ minimum: 1 }),
  updatedAt: Type.String(),
  updatedBy: Type.Optional(Type.String()),
});
