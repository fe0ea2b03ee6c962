import type { ImportConditions } from '../domain/import-rules.js';
import type { CarRow } from './car-row.js';

/** What a car list query asks for (CarFilter) and what a tenant's storefront shows at all (Visibility). */

export interface CarFilter {
  makes?: Set<string>;
  models?: Set<string>;
  /** makeModel pairs: make alone, or make + model. Any pair may match. */
  makeModel?: Array<{ make: string; model?: string }>;
  modelGroups?: Set<string>;
  generationCodes?: Set<string>;
  grades?: Set<string>;
  trims?: Set<string>;
  yearFrom?: number;
  yearTo?: number;
  priceFrom?: number;
  priceTo?: number;
  kmFrom?: number;
  kmTo?: number;
  fuelTypes?: Set<string>;
  transmissions?: Set<string>;
  vehicleTypes?: Set<string>;
  colors?: Set<string>;
  drivetrains?: Set<string>;
  providers?: Set<string>;
  cities?: Set<string>;
  published?: boolean;
  /** Every word must appear in the title. */
  words?: string[];
  /** Exclude cars with any of these damages. */
  excludeDamage?: Set<string>;
  /** Exclude cars of these fuels (a destination's refused fuels). */
  excludeFuelTypes?: readonly string[];
  /** Cars having all of these options. */
  requireOptions?: string[];
  /** A destination's import rules on the columns (lib/domain/import-rules.ts): cars it lets in. */
  importable?: ImportConditions;
}

/** A tenant's storefront: which cars it may see at all. */
export interface Visibility {
  providers?: ReadonlySet<string>;
  publishedOnly: boolean;
}

/** Whether a storefront shows one car at all (for the car detail and for orders). */
export function visibleInStorefront(car: Pick<CarRow, 'provider' | 'published'>, visibility: Visibility): boolean {
  return (
    (!visibility.publishedOnly || car.published) && (!visibility.providers || visibility.providers.has(car.provider))
  );
}
