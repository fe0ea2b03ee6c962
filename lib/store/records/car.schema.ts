import * as Type from '@sinclair/typebox';
import { DAMAGE_KINDS, DRIVETRAINS, FUEL_TYPES, PROVIDERS, TRANSMISSIONS, VEHICLE_TYPES } from '../../domain/car.js';

const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const Provider = oneOf(PROVIDERS);
/** How a car left the list (lib/domain/car.ts AVAILABILITIES, less `available`, which is never stored). */
const Removed = oneOf(['sold', 'withdrawn'] as const);
const PriceChange = Type.Object({ at: Type.String(), from: Type.Number(), to: Type.Number() });

/**
 * One car of the catalogue as stored: the domain's CarRecord (lib/domain/car.ts, the import's
 * type too, where the words of each field are), which this schema must match field for field
 * (tests/unit/records-messaging.test.ts checks the two types are one). `price` is in units of
 * 10,000 KRW (만원), as Korean listings give it. Read one at a time (GET /cars/{id}, a new
 * order's car); the list is served from the S3 snapshot, never decoded from here.
 */
export const CarRecord = Type.Object({
  /** Integer id, assigned on first import and kept across re-imports. */
  id: Type.Integer(),
  provider: Provider,
  /** The provider's listing number; provider + advertisementNumber identify a car across imports. */
  advertisementNumber: Type.String(),
  /** e.g. "Hyundai Grandeur IG 2.4 Exclusive" */
  title: Type.String(),
  makeEn: Type.String(),
  /** e.g. "Grandeur" */
  modelGroupEn: Type.String(),
  /** e.g. "Grandeur IG" (with the generation) */
  modelEn: Type.String(),
  /** e.g. "IG"; provider-specific */
  generationCode: Type.Optional(Type.String()),
  /** e.g. "Exclusive" */
  gradeEn: Type.String(),
  /** The raw grade/trim text of the listing, e.g. "2.4 Exclusive Special"; the trim filter matches it */
  gradeDetailEn: Type.Optional(Type.String()),
  year: Type.Integer(),
  /** yyyy-mm of first registration */
  firstRegistration: Type.Optional(Type.String()),
  kilometers: Type.Number(),
  price: Type.Number(),
  fuelType: oneOf(FUEL_TYPES),
  transmission: oneOf(TRANSMISSIONS),
  vehicleType: oneOf(VEHICLE_TYPES),
  color: Type.String(),
  drivetrain: oneOf(DRIVETRAINS),
  /** Korean city or province of the car, e.g. Seoul, Gyeonggi, Incheon, Busan */
  city: Type.String(),
  options: Type.Array(Type.String()),
  /** Damage history; empty when none */
  damage: Type.Array(oneOf(DAMAGE_KINDS)),
  ownerChanges: Type.Integer(),
  published: Type.Boolean(),
  /** yyyy-mm-dd */
  auctionDate: Type.String(),
  /** ISO date-time the listing entered the catalogue */
  createdAt: Type.String(),
  /** Photo URLs, first one is the main photo */
  images: Type.Array(Type.String()),
  /** 150 px thumbnail URL */
  thumbnailUrl: Type.String(),
  vin: Type.Optional(Type.String()),
  /** Engine displacement in cc, when known */
  displacement: Type.Optional(Type.Integer()),
  seats: Type.Optional(Type.Integer()),
  /** Set when the car left the provider's list; absent while for sale. */
  availability: Type.Optional(Removed),
  removedAt: Type.Optional(Type.String()),
  /** Price changes brought by feeds, oldest first. */
  priceHistory: Type.Optional(Type.Array(PriceChange)),
});

/** Idempotent import: a provider's listing number -> the car id it was given (written with the car). */
export const CarReferenceRecord = Type.Object({
  provider: Provider,
  advertisementNumber: Type.String(),
  carId: Type.Integer(),
  /** A digest of the listing as the last feed gave it: an unchanged line writes nothing. */
  digest: Type.Optional(Type.String()),
  /** The car's price and history as last written, so a feed can tell a price change without reading the car. */
  price: Type.Optional(Type.Number()),
  priceHistory: Type.Optional(Type.Array(PriceChange)),
  availability: Type.Optional(Removed),
});
