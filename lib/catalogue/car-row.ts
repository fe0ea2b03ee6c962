import type { CarRecord } from '../domain/car.js';

/** What the list knows of a car: everything filterable, sortable or listed. */
export type CarRow = Omit<CarRecord, 'images' | 'vin' | 'seats' | 'ownerChanges'>;

/** Kept for the import rules' filter (lib/domain/import-rules.ts), not shown in the list. */
export const UNLISTED_ROW_FIELDS = ['displacement', 'firstRegistration'] as const;

export const SORT_KEYS = ['price', 'year', 'kilometers', 'createdAt', 'auctionDate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * Every row is built by this one object literal, so all rows share one hidden class and V8 keeps
 * fast property access (rows made with rest/spread or key by key fall into dictionary mode,
 * several times slower per read). Optional fields are always present, undefined when missing.
 */
export function toRow(car: CarRow): CarRow {
  return {
    id: car.id,
    provider: car.provider,
    advertisementNumber: car.advertisementNumber,
    title: car.title,
    makeEn: car.makeEn,
    modelGroupEn: car.modelGroupEn,
    modelEn: car.modelEn,
    generationCode: car.generationCode,
    gradeEn: car.gradeEn,
    gradeDetailEn: car.gradeDetailEn,
    year: car.year,
    firstRegistration: car.firstRegistration,
    displacement: car.displacement,
    kilometers: car.kilometers,
    price: car.price,
    fuelType: car.fuelType,
    transmission: car.transmission,
    vehicleType: car.vehicleType,
    color: car.color,
    drivetrain: car.drivetrain,
    city: car.city,
    options: car.options,
    damage: car.damage,
    published: car.published,
    auctionDate: car.auctionDate,
    createdAt: car.createdAt,
    thumbnailUrl: car.thumbnailUrl,
  };
}
