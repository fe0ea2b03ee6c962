/** The auction houses cars come from, as lowercase slugs. */
export const PROVIDERS = ['glovis', 'kcar', 'lotte', 'sk', 'autohub', 'heydealer'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** English values the catalogue uses; filters compare them case-insensitively. */
export const FUEL_TYPES = ['Gasoline', 'Diesel', 'LPG', 'Hybrid', 'Electric', 'Hydrogen'] as const;
export const TRANSMISSIONS = ['Automatic', 'Manual', 'CVT', 'DCT'] as const;
export const VEHICLE_TYPES = ['Sedan', 'SUV', 'Hatchback', 'Van', 'Truck', 'Coupe', 'Wagon', 'Light car'] as const;
export const DRIVETRAINS = ['2WD', '4WD', 'AWD'] as const;
export const DAMAGE_KINDS = ['accident', 'total_loss', 'flood'] as const;

/**
 * One car of the catalogue as imported (NDJSON, one per line) and stored. `price` is in units of
 * 10,000 KRW (만원), as Korean listings give it.
 */
export interface CarRecord {
  /** Integer id, assigned on first import and kept across re-imports. */
  id: number;
  provider: Provider;
  /** The provider's listing number; provider + advertisementNumber identify a car across imports. */
  advertisementNumber: string;
  /** e.g. "Hyundai Grandeur IG 2.4 Exclusive" */
  title: string;
  makeEn: string;
  /** e.g. "Grandeur" */
  modelGroupEn: string;
  /** e.g. "Grandeur IG" (with the generation) */
  modelEn: string;
  /** e.g. "IG"; provider-specific */
  generationCode?: string;
  /** e.g. "Exclusive" */
  gradeEn: string;
  /** The raw grade/trim text of the listing, e.g. "2.4 Exclusive Special"; the trim filter matches it */
  gradeDetailEn?: string;
  year: number;
  /** yyyy-mm of first registration */
  firstRegistration?: string;
  kilometers: number;
  price: number;
  fuelType: (typeof FUEL_TYPES)[number];
  transmission: (typeof TRANSMISSIONS)[number];
  vehicleType: (typeof VEHICLE_TYPES)[number];
  color: string;
  drivetrain: (typeof DRIVETRAINS)[number];
  /** Korean city or province of the car, e.g. Seoul, Gyeonggi, Incheon, Busan */
  city: string;
  options: string[];
  /** Damage history; empty when none */
  damage: Array<(typeof DAMAGE_KINDS)[number]>;
  ownerChanges: number;
  published: boolean;
  /** yyyy-mm-dd */
  auctionDate: string;
  /** ISO date-time the listing entered the catalogue */
  createdAt: string;
  /** Photo URLs, first one is the main photo */
  images: string[];
  /** 150 px thumbnail URL */
  thumbnailUrl: string;
  vin?: string;
  /** Engine displacement in cc, when known */
  displacement?: number;
  seats?: number;
  /** Set when the car left the provider's list (sold at auction or withdrawn); absent while for sale. */
  availability?: RemovedAvailability;
  /** When the car left the list; absent while for sale. */
  removedAt?: string;
  /** Every price change a feed brought, oldest first (the last PRICE_HISTORY_LIMIT). */
  priceHistory?: PriceChange[];
}

/** Whether a car can still be bought: `available` while its provider lists it. */
export const AVAILABILITIES = ['available', 'sold', 'withdrawn'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export type RemovedAvailability = Exclude<Availability, 'available'>;

/** One price change of a car, in 10,000 KRW units like `price`. */
export interface PriceChange {
  at: string;
  from: number;
  to: number;
}

/** How many price changes a car keeps: enough for a year of weekly auctions. */
export const PRICE_HISTORY_LIMIT = 60;

/** The fields of a car in the list, and so what `fields=` may project. */
export const CAR_LIST_FIELDS = [
  'id',
  'advertisementNumber',
  'title',
  'makeEn',
  'modelGroupEn',
  'modelEn',
  'generationCode',
  'gradeEn',
  'gradeDetailEn',
  'year',
  'price',
  'fuelType',
  'transmission',
  'vehicleType',
  'color',
  'drivetrain',
  'kilometers',
  'provider',
  'city',
  'auctionDate',
  'published',
  'thumbnailUrl',
  'options',
  'damage',
  'createdAt',
] as const;

/** A car as `GET /cars/{id}` shows it: its availability always said (`available` while listed). */
export const carView = (car: CarRecord): Omit<CarRecord, 'availability'> & { availability: Availability } => ({
  ...car,
  availability: car.availability ?? 'available',
});
