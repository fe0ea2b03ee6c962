import type { Static } from '@sinclair/typebox';
import type { listCars } from '../schemas/cars.js';
import { CAR_LIST_FIELDS } from '../domain/car.js';

const CONVERSION_FIELDS = ['convertedPrice', 'convertedCurrency'] as const;
import type { FieldError } from '../domain/errors.js';
import { DAMAGE_KINDS } from '../domain/car.js';
import { catalogueChangesDays } from '../config.js';
import type { SortKey } from './car-row.js';
import type { CarFilter, PageRequest } from './query.js';

export type CarListQuery = Static<NonNullable<(typeof listCars)['query']>>;

export interface ParsedCarQuery {
  filter: CarFilter;
  /** Epoch ms: list what changed after it (GET /cars?updatedSince=) instead of the cars for sale. */
  updatedSince?: number;
  page: PageRequest;
  fields?: string[];
  currency?: string;
  customerSubdomain?: string;
  /** The destination whose import rules the list applies (the use case reads them into filter.importable). */
  importableTo?: string;
}

const list = (value: string | undefined, separator = ','): string[] =>
  (value ?? '')
    .split(separator)
    .map((v) => v.trim())
    .filter((v) => v.length > 0);

const FIELDS_EXAMPLE = 'id,makeEn,modelEn,price';

/** The list's filters: a change list (updatedSince) takes none of them but provider. */
const FILTERS_BESIDE_CHANGES = [
  'makeEn',
  'modelEn',
  'makeModel',
  'modelGroupEn',
  'generationCode',
  'gradeEn',
  'trim',
  'yearFrom',
  'yearTo',
  'priceFrom',
  'priceTo',
  'kmFrom',
  'kmTo',
  'fuelType',
  'transmission',
  'vehicleType',
  'color',
  'drivetrain',
  'city',
  'published',
  'search',
  'damage',
  'options',
  'importableTo',
] as const;
const MAKE_MODEL_EXAMPLE = 'Hyundai:Grandeur IG,Kia';

const set = (value: string | undefined): Set<string> | undefined =>
  value === undefined ? undefined : new Set(list(value).map((v) => v.toLowerCase()));

/**
 * Turns the validated query string into a filter, and refuses what the schema cannot see:
 * contradictory ranges, unknown projection fields or damage kinds, malformed make:model pairs.
 */
export function parseCarQuery(
  query: CarListQuery,
): { ok: true; value: ParsedCarQuery } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const range = (from: number | undefined, to: number | undefined, name: string) => {
    if (from !== undefined && to !== undefined && from > to) {
      errors.push({
        field: `${name}From`,
        message: `must not be greater than ${name}To (${to}): the range starts at the lower value, e.g. ${name}From=${to}&${name}To=${from}`,
      });
    }
  };
  range(query.yearFrom, query.yearTo, 'year');
  range(query.priceFrom, query.priceTo, 'price');
  range(query.kmFrom, query.kmTo, 'km');

  // The converted price is not a column: it is added to every car when ?currency asks for it
  // (naming it in fields is allowed; without ?currency there is nothing to show).
  const requested = query.fields === undefined ? undefined : list(query.fields);
  const conversion = requested?.filter((field) => (CONVERSION_FIELDS as readonly string[]).includes(field)) ?? [];
  const fields = requested?.filter((field) => !conversion.includes(field));
  for (const field of fields ?? []) {
    if (!(CAR_LIST_FIELDS as readonly string[]).includes(field)) {
      errors.push({
        field: 'fields',
        message: `must name fields of a car: "${field}" is not one; use any of ${[...CAR_LIST_FIELDS, ...CONVERSION_FIELDS].join(', ')}, e.g. fields=${FIELDS_EXAMPLE}`,
      });
    }
  }
  if (requested !== undefined && requested.length === 0)
    errors.push({
      field: 'fields',
      message: `must name at least one field, comma-separated, e.g. fields=${FIELDS_EXAMPLE}`,
    });

  const damage = set(query.damage);
  for (const kind of damage ?? []) {
    if (!(DAMAGE_KINDS as readonly string[]).includes(kind)) {
      errors.push({
        field: 'damage',
        message: `must name damage kinds: "${kind}" is not one; use any of ${DAMAGE_KINDS.join(', ')}, e.g. damage=accident,flood`,
      });
    }
  }

  const makeModel =
    query.makeModel === undefined
      ? undefined
      : list(query.makeModel).map((pair) => {
          const [make, model, extra] = pair.split(':').map((p) => p.trim().toLowerCase());
          if (!make || extra !== undefined || model === '') {
            errors.push({
              field: 'makeModel',
              message: `must be make or make:model pairs, comma-separated: "${pair}" is neither, e.g. makeModel=${MAKE_MODEL_EXAMPLE}`,
            });
          }
          return { make: make ?? '', ...(model ? { model } : {}) };
        });
  if (makeModel !== undefined && makeModel.length === 0)
    errors.push({ field: 'makeModel', message: `must name at least one make, e.g. makeModel=${MAKE_MODEL_EXAMPLE}` });

  const trims = query.trim === undefined ? undefined : new Set(list(query.trim, '|||').map((t) => t.toLowerCase()));
  if (trims !== undefined && trims.size === 0)
    errors.push({
      field: 'trim',
      message: 'must name at least one trim, several joined with |||, e.g. trim=Premium|||Premium Plus',
    });

  const words = query.search === undefined ? undefined : list(query.search.toLowerCase(), ' ');

  const updatedSince = query.updatedSince === undefined ? undefined : Date.parse(query.updatedSince);
  if (updatedSince !== undefined) {
    for (const name of FILTERS_BESIDE_CHANGES)
      if (query[name] !== undefined)
        errors.push({
          field: name,
          message: `cannot be combined with updatedSince, which lists every change (removals too) to mirror the catalogue; filter your copy instead, or drop updatedSince`,
        });
    const oldest = Date.now() - catalogueChangesDays() * 86_400_000;
    if (updatedSince < oldest)
      errors.push({
        field: 'updatedSince',
        message: `must be within the last ${catalogueChangesDays()} days (the changes the catalogue keeps), e.g. ${new Date(oldest + 86_400_000).toISOString()}; to mirror from scratch, page through the whole list without it`,
      });
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      filter: {
        makes: set(query.makeEn),
        models: set(query.modelEn),
        makeModel,
        modelGroups: set(query.modelGroupEn),
        generationCodes: set(query.generationCode),
        grades: set(query.gradeEn),
        trims,
        yearFrom: query.yearFrom,
        yearTo: query.yearTo,
        priceFrom: query.priceFrom,
        priceTo: query.priceTo,
        kmFrom: query.kmFrom,
        kmTo: query.kmTo,
        fuelTypes: set(query.fuelType),
        transmissions: set(query.transmission),
        vehicleTypes: set(query.vehicleType),
        colors: set(query.color),
        drivetrains: set(query.drivetrain),
        providers: query.provider === undefined ? undefined : new Set([query.provider]),
        cities: set(query.city),
        published: query.published,
        words,
        excludeDamage: damage,
        requireOptions: query.options === undefined ? undefined : list(query.options).map((o) => o.toLowerCase()),
      },
      ...(updatedSince === undefined ? {} : { updatedSince }),
      page: { page: query.page, limit: query.limit, sortBy: query.sortBy as SortKey, sortOrder: query.sortOrder },
      fields: fields ? [...new Set(['id', ...fields])] : undefined,
      currency: query.currency?.toUpperCase(),
      customerSubdomain: query.customerSubdomain,
      ...(query.importableTo === undefined ? {} : { importableTo: query.importableTo }),
    },
  };
}
