import type { CarListQuery } from '../../lib/catalogue/params.js';

/** The query kinds the catalogue bench times (shared with its cold-load child process). */
export const MIX: Array<[string, Partial<CarListQuery>]> = [
  ['default (newest first)', {}],
  ['make + model, by price', { makeModel: 'Hyundai:Grandeur,Kia:K8', sortBy: 'price', sortOrder: 'asc' }],
  [
    'ranges: year, price, km + fuel',
    { yearFrom: 2018, yearTo: 2023, priceFrom: 1500, priceTo: 4000, kmTo: 80_000, fuelType: 'Gasoline,Hybrid' },
  ],
  ['search two words', { search: 'sorento signature' }],
  [
    'options + damage exclusion',
    { options: 'Sunroof,Navigation', damage: 'accident,flood', sortBy: 'kilometers', sortOrder: 'asc' },
  ],
  ['deep page 40 by year', { page: 40, limit: 50, sortBy: 'year' }],
  [
    'trim + currency + projection',
    { makeEn: 'Hyundai', gradeEn: 'Exclusive,Calligraphy', currency: 'AED', fields: 'id,title,price,year,kilometers' },
  ],
  ['selective: hydrogen in Seoul', { fuelType: 'Hydrogen', city: 'Seoul' }],
];
