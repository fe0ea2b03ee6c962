import type { RaRecord } from 'react-admin';
import { api, call } from '../api/client.js';
import { clean } from '../api/clean.js';
import { type Filter, num, str } from '../api/filters.js';
import { type DataPart, ok } from '../api/handlers.js';
import type { QueryOf } from '../api/types.js';

const carQuery = (filter: Filter): QueryOf<'/api/v1/cars', 'get'> =>
  clean({
    search: str(filter.search),
    makeEn: str(filter.makeEn),
    modelEn: str(filter.modelEn),
    fuelType: str(filter.fuelType),
    transmission: str(filter.transmission),
    yearFrom: num(filter.yearFrom),
    yearTo: num(filter.yearTo),
    priceFrom: num(filter.priceFrom),
    priceTo: num(filter.priceTo),
    kmTo: num(filter.kmTo),
    currency: str(filter.currency),
    importableTo: str(filter.importableTo)?.toUpperCase(),
  });

/** The catalogue: cars by page number with the main filters and sorts (a destination's import rules among them), and one car with its price in a currency and its import check. */
export const catalogueData = {
  handlers: {
    cars: {
      getList: async ({ pagination, sort, filter }) => {
        const sortBy = (['price', 'year', 'kilometers', 'createdAt', 'auctionDate'] as const).find(
          (field) => field === sort?.field,
        );
        const { body } = await call(
          api().GET('/api/v1/cars', {
            params: {
              query: {
                ...carQuery(filter ?? {}),
                limit: pagination?.perPage ?? 20,
                page: pagination?.page ?? 1,
                ...(sortBy ? { sortBy, sortOrder: sort?.order === 'ASC' ? 'asc' : 'desc' } : {}),
              },
            },
          }),
        );
        return { data: body.data as RaRecord[], total: body.meta?.total ?? body.data.length, meta: body.meta };
      },
      getOne: async ({ id, meta }) => {
        const currency = str((meta as Filter | undefined)?.currency);
        // With a destination, the car comes with the API's check against that country's import rules.
        const importableTo = str((meta as Filter | undefined)?.importableTo)?.toUpperCase();
        const { body } = await call(
          api().GET('/api/v1/cars/{id}', {
            params: { path: { id: Number(id) }, query: clean({ currency, importableTo }) },
          }),
        );
        // The rate used (or why there is none) travels with the car: react-admin keeps only `data` of a getOne.
        return ok({ ...body.data, id: body.data.id ?? Number(id), rate: body.meta?.currency });
      },
    },
  },
} satisfies DataPart;
