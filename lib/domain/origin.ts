/**
 * The country of origin a customs invoice states for a used car: where it was built, not where it
 * was sold or last registered. A Kia bought at a Korean auction is Korean; a BMW bought at the
 * same auction is German. The make gives the usual answer; a car built elsewhere (a BMW X5 from
 * the United States, a Tesla from China) needs its origin stated by hand.
 */

/** The makes sold at Korean auctions, by ISO 3166-1 alpha-2 country, under the names catalogues give them. */
const MAKES: Record<string, string[]> = {
  // Chevrolets at Korean auctions are mostly GM Korea's (GM Daewoo before 2011).
  KR: [
    'Hyundai',
    'Kia',
    'Genesis',
    'SsangYong',
    'KG Mobility',
    'Renault Korea',
    'Renault Samsung',
    'Chevrolet',
    'GM Korea',
    'GM Daewoo',
  ],
  DE: ['BMW', 'Mercedes-Benz', 'Mercedes', 'Benz', 'Audi', 'Volkswagen', 'VW', 'Porsche', 'Mini'],
  JP: ['Toyota', 'Lexus', 'Honda', 'Nissan', 'Infiniti', 'Mazda', 'Mitsubishi', 'Subaru'],
  US: ['Ford', 'Jeep', 'Cadillac', 'Tesla', 'Lincoln'],
  SE: ['Volvo'],
  GB: ['Land Rover', 'Jaguar'],
  FR: ['Peugeot', 'Citroën'],
  IT: ['Maserati', 'Ferrari', 'Lamborghini'],
};

/** Lower case, letters and digits only, accents dropped: "Mercedes Benz" and "mercedes-benz" are one make. */
const key = (name: string): string =>
  name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const ORIGINS = new Map(
  Object.entries(MAKES).flatMap(([country, makes]) => makes.map((make) => [key(make), country] as const)),
);

/**
 * The country where cars of this make are built, or undefined for a make it does not know (the
 * invoice then asks for the origin). A make with another name beside it ("KG Mobility
 * (SsangYong)", "Renault Korea / Renault Samsung") is known by either.
 */
export function originOfMake(make: string): string | undefined {
  for (const name of [make, ...make.split(/[()/]/)]) {
    const origin = ORIGINS.get(key(name));
    if (origin) return origin;
  }
  return undefined;
}

/**
 * ISO 3780 world manufacturer identifiers: the VIN's first two characters name the country of the
 * plant that built the car, so a BMW X5 from Spartanburg reads 5U (US) and a Tesla from Shanghai
 * LR (CN). Ranges of second characters, in the VIN alphabet's order.
 */
const WMI_REGIONS: Array<[first: string, from: string, to: string, country: string]> = [
  ['1', 'A', '9', 'US'],
  ['4', 'A', '9', 'US'],
  ['5', 'A', '9', 'US'],
  ['2', 'A', '9', 'CA'],
  ['3', 'A', 'W', 'MX'],
  ['J', 'A', '9', 'JP'],
  ['K', 'L', 'R', 'KR'],
  ['L', 'A', '9', 'CN'],
  ['S', 'A', 'M', 'GB'],
  ['V', 'F', 'R', 'FR'],
  ['V', 'S', 'W', 'ES'],
  ['W', 'A', '9', 'DE'],
  ['Y', 'S', 'W', 'SE'],
  ['Z', 'A', 'R', 'IT'],
  ['T', 'M', 'V', 'CZ'],
  ['M', 'A', 'E', 'IN'],
  ['M', 'L', 'R', 'TH'],
];
const VIN_ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ123456789';

/** Where the car was built, read from its VIN's manufacturer identifier; undefined when the VIN does not say. */
export function originOfVin(vin: string): string | undefined {
  const [first, second] = vin.trim().toUpperCase();
  if (!first || !second || !/^[A-HJ-NPR-Z0-9]{17}$/.test(vin.trim().toUpperCase())) return undefined;
  const at = VIN_ORDER.indexOf(second);
  return WMI_REGIONS.find(
    ([f, from, to]) => f === first && at >= VIN_ORDER.indexOf(from) && at <= VIN_ORDER.indexOf(to),
  )?.[3];
}
