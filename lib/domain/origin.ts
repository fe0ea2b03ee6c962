/**
 * The country of origin a customs invoice states for a used car: where it was built, not where it
 * was sold or last registered. A Kia bought at a Korean auction is Korean; a BMW bought at the
 * same auction is German. The make gives the usual answer; a car built elsewhere (a BMW X5 from
 * the United States, a Tesla from China) needs its origin stated by hand.
 */

/** The makes sold at Korean auctions, by ISO 3166-1 alpha-2 country, under the names catalogues give them. */
const MAKES: Record<string, string[]> = {
  // Chevrolets at Korean auctions are mostly GM Korea's (GM Daewoo before 2011).
  KR: ['Hyundai', 'Kia', 'Genesis', 'SsangYong', 'KG Mobility', 'Renault Korea', 'Renault Samsung', 'Chevrolet', 'GM Korea', 'GM Daewoo'],
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

const ORIGINS = new Map(Object.entries(MAKES).flatMap(([country, makes]) => makes.map((make) => [key(make), country] as const)));

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
