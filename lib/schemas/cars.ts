import * as Type from '@sinclair/typebox';
import { AVAILABILITIES, CAR_LIST_FIELDS } from '../domain/car.js';
import { DateTime } from './common.js';
import { ImportCheck } from './import-rule-shapes.js';
import { defineRoute } from './route.js';

const MAX_LIMIT = 100;
const Text = (example: string, maxLength = 100) => Type.String({ minLength: 1, maxLength, examples: [example] });
const List = (description: string, example: string, maxLength = 500) =>
  Type.String({ minLength: 1, maxLength, description, examples: [example] });
const Currency = Type.String({
  pattern: '^[A-Za-z]{3}$',
  description: 'ISO 4217 display currency; adds convertedPrice',
  examples: ['AED'],
});
const ImportableTo = Type.String({
  pattern: '^[A-Za-z]{2}$',
  description:
    "destination country (ISO 3166-1 alpha-2): only cars its import rules let in (GET /import-rules/{country}), for the key's tenant",
  examples: ['KW'],
});
const Subdomain = Type.String({
  pattern: '^[a-z0-9-]{1,63}$',
  description: "selects another tenant's storefront (markup and inventory)",
});

export const CarListItem = Type.Object(
  {
    id: Type.Integer(),
    advertisementNumber: Type.String(),
    title: Type.String(),
    makeEn: Type.String(),
    modelGroupEn: Type.String(),
    modelEn: Type.String(),
    generationCode: Type.Optional(Type.String()),
    gradeEn: Type.String(),
    gradeDetailEn: Type.Optional(Type.String()),
    year: Type.Integer(),
    price: Type.Number({ description: 'raw price in units of 10,000 KRW, before markup' }),
    convertedPrice: Type.Optional(
      Type.Union([Type.Number(), Type.Null()], {
        description: 'only with ?currency; null when the rate pair is unknown',
      }),
    ),
    convertedCurrency: Type.Optional(Type.String({ description: 'currency of convertedPrice' })),
    fuelType: Type.String(),
    transmission: Type.String(),
    vehicleType: Type.String(),
    color: Type.String(),
    drivetrain: Type.String(),
    kilometers: Type.Number(),
    provider: Type.String(),
    city: Type.String(),
    auctionDate: Type.String({ format: 'date' }),
    published: Type.Boolean(),
    thumbnailUrl: Type.String(),
    options: Type.Array(Type.String()),
    damage: Type.Array(Type.String()),
    createdAt: DateTime,
    availability: Type.Optional(
      Type.Union(
        AVAILABILITIES.map((a) => Type.Literal(a)),
        { description: 'with updatedSince: `available`, or `sold`/`withdrawn` for a car that left the list' },
      ),
    ),
    removedAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'with updatedSince, for a car that left the list' }),
    ),
    changedAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description: "with updatedSince: when the car's last change reached the list",
      }),
    ),
  },
  { title: 'CarListItem' },
);

const Availability = Type.Union(
  AVAILABILITIES.map((a) => Type.Literal(a)),
  {
    description:
      '`available` while its provider lists it; `sold` or `withdrawn` once it left the list (its record stays, and orders on it are refused)',
  },
);
const PriceChange = Type.Object(
  { at: DateTime, from: Type.Number(), to: Type.Number() },
  { description: 'a price change a feed brought, in 10,000 KRW units', title: 'CarPriceChange' },
);

export const CarDetail = Type.Composite(
  [
    // The list's change fields (updatedSince) are not the detail's: its availability is always given.
    Type.Omit(CarListItem, ['availability', 'removedAt', 'changedAt']),
    Type.Object({
      images: Type.Array(Type.String()),
      vin: Type.Optional(Type.String()),
      firstRegistration: Type.Optional(Type.String()),
      ownerChanges: Type.Integer(),
      displacement: Type.Optional(Type.Integer()),
      seats: Type.Optional(Type.Integer()),
      availability: Availability,
      removedAt: Type.Optional(Type.String({ format: 'date-time', description: 'when the car left the list' })),
      priceHistory: Type.Optional(Type.Array(PriceChange, { description: 'price changes, oldest first' })),
    }),
  ],
  { title: 'CarDetail' },
);

export const listCars = defineRoute({
  id: 'listCars',
  folder: 'cars',
  // Holds the whole catalogue index in memory (about 100 MB at 100,000 cars).
  lambda: { memorySize: 1536 },
  method: 'GET',
  path: '/api/v1/cars',
  tag: 'Cars',
  summary: 'Filter, sort and page the car catalogue',
  description: `Text filters are case-insensitive; fuelType, transmission, vehicleType, color, drivetrain, city, makeEn, modelEn, modelGroupEn, generationCode and gradeEn accept comma-separated alternatives. limit is at most ${MAX_LIMIT}. Sorting is stable (ties broken by id), so pages never repeat or skip a car. The tenant of the key (or customerSubdomain) decides which cars are visible and the markup; without currency only the raw price is returned and no markup applies. An import becomes visible within CATALOGUE_REFRESH_SECONDS (60 s); cars sold or withdrawn leave the list then. With updatedSince the answer lists what changed instead, removals included, to mirror the catalogue.`,
  status: 200,
  list: true,
  query: Type.Composite(
    [
      Type.Object({
        page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
        limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 20 }),
        sortBy: Type.Union(
          ['price', 'year', 'kilometers', 'createdAt', 'auctionDate'].map((k) => Type.Literal(k)),
          { default: 'createdAt' },
        ),
        sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
      }),
      Type.Partial(
        Type.Object({
          makeEn: Text('Hyundai'),
          modelEn: Text('Grandeur IG'),
          makeModel: List(
            'comma-separated make or make:model pairs, e.g. Hyundai:Grandeur IG,Kia',
            'Hyundai:Grandeur IG,Kia',
          ),
          modelGroupEn: Text('Grandeur'),
          generationCode: Text('IG'),
          gradeEn: Text('Premium'),
          trim: List(
            'raw grade values joined with |||, as the trims lookup gives them',
            'Premium|||Premium Plus',
            2000,
          ),
          yearFrom: Type.Integer({ minimum: 1900, maximum: 2100 }),
          yearTo: Type.Integer({ minimum: 1900, maximum: 2100 }),
          priceFrom: Type.Number({ minimum: 0, maximum: 1e9, description: '10,000 KRW units' }),
          priceTo: Type.Number({ minimum: 0, maximum: 1e9, description: '10,000 KRW units' }),
          kmFrom: Type.Number({ minimum: 0, maximum: 1e7 }),
          kmTo: Type.Number({ minimum: 0, maximum: 1e7 }),
          fuelType: Text('Gasoline,Hybrid'),
          transmission: Text('Automatic'),
          vehicleType: Text('SUV'),
          color: Text('White'),
          drivetrain: Text('AWD'),
          provider: Type.Union(['glovis', 'kcar', 'lotte', 'sk', 'autohub', 'heydealer'].map((p) => Type.Literal(p))),
          published: Type.Boolean(),
          search: Text('Grandeur hybrid', 200),
          updatedSince: Type.String({
            format: 'date-time',
            description:
              'Mirror the catalogue: only the cars whose change reached the list after this instant, removals included (as {id, provider, advertisementNumber, availability, removedAt}), oldest change first, each with changedAt. Pass the greatest changedAt you have as the next updatedSince. Combines with provider, fields, currency, customerSubdomain, page and limit only; reaches back CATALOGUE_CHANGES_DAYS (30 days).',
            examples: ['2026-11-25T06:00:00.000Z'],
          }),
          fields: List(
            `comma-separated projection; any of ${CAR_LIST_FIELDS.join(', ')}, and convertedPrice, convertedCurrency with ?currency`,
            'id,makeEn,modelEn,price',
          ),
          damage: List('comma-separated damage kinds to exclude: accident, total_loss, flood', 'accident,flood'),
          options: List('comma-separated options every car must have', 'Sunroof,Navigation'),
          city: Text('Seoul'),
          currency: Currency,
          customerSubdomain: Subdomain,
          importableTo: ImportableTo,
        }),
      ),
    ],
    { additionalProperties: false },
  ),
  response: Type.Array(Type.Partial(CarListItem)),
});

export const getCar = defineRoute({
  id: 'getCar',
  errors: ['NOT_FOUND'],
  folder: 'cars',
  method: 'GET',
  path: '/api/v1/cars/{id}',
  tag: 'Cars',
  currencyMeta: true,
  summary: 'One car with its photos, options, damage history and VIN when known',
  status: 200,
  params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false }),
  query: Type.Partial(Type.Object({ currency: Currency, customerSubdomain: Subdomain, importableTo: ImportableTo }), {
    additionalProperties: false,
  }),
  response: Type.Composite([CarDetail, Type.Object({ importCheck: Type.Optional(ImportCheck) })], {
    title: 'CarDetail',
  }),
});

export const listTrims = defineRoute({
  id: 'listTrims',
  folder: 'cars',
  lambda: { memorySize: 1536 },
  method: 'GET',
  path: '/api/v1/cars/trims',
  tag: 'Cars',
  summary: 'The trims of a make (and model) the trim filter accepts',
  description:
    'Each trim has a label (the grade) and the raw grade texts it stands for; pass several values joined with ||| as ?trim= on the car list.',
  status: 200,
  query: Type.Object(
    {
      makeEn: Text('Hyundai'),
      modelEn: Type.Optional(Text('Grandeur IG')),
      customerSubdomain: Type.Optional(Subdomain),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(Type.Object({ label: Type.String(), values: Type.Array(Type.String()), count: Type.Integer() })),
});
