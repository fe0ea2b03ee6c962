import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { DAMAGE_KINDS, DRIVETRAINS, FUEL_TYPES, PROVIDERS, TRANSMISSIONS, VEHICLE_TYPES } from '../domain/car.js';

const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });

/** One line of a catalogue import file (NDJSON). `id` is assigned by the import, never taken from the file. */
export const CarImportLine = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    provider: oneOf(PROVIDERS),
    advertisementNumber: Text(64),
    title: Text(300),
    makeEn: Text(60),
    modelGroupEn: Text(80),
    modelEn: Text(80),
    generationCode: Type.Optional(Text(40)),
    gradeEn: Text(80),
    gradeDetailEn: Type.Optional(Text(120)),
    year: Type.Integer({ minimum: 1900, maximum: 2100 }),
    firstRegistration: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
    kilometers: Type.Number({ minimum: 0, maximum: 5_000_000 }),
    price: Type.Number({ minimum: 0, maximum: 10_000_000 }),
    fuelType: oneOf(FUEL_TYPES),
    transmission: oneOf(TRANSMISSIONS),
    vehicleType: oneOf(VEHICLE_TYPES),
    color: Text(40),
    drivetrain: oneOf(DRIVETRAINS),
    city: Text(60),
    options: Type.Array(Text(80), { maxItems: 100 }),
    damage: Type.Array(oneOf(DAMAGE_KINDS), { maxItems: 3, uniqueItems: true }),
    ownerChanges: Type.Integer({ minimum: 0, maximum: 100 }),
    published: Type.Boolean(),
    auctionDate: Type.String({ format: 'date' }),
    createdAt: Type.String({ format: 'date-time' }),
    images: Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { maxItems: 60 }),
    thumbnailUrl: Type.String({ minLength: 1, maxLength: 2048 }),
    vin: Type.Optional(Type.String({ pattern: '^[A-HJ-NPR-Z0-9]{17}$' })),
    displacement: Type.Optional(Type.Integer({ minimum: 0, maximum: 20_000 })),
    seats: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
  },
  { additionalProperties: false },
);
export type CarImportLine = Static<typeof CarImportLine>;
