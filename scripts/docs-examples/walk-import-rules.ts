import type { Keys } from './walk-data.js';
import { call, type Json } from './recorder.js';

/**
 * The destinations' import rules: the rules in force and one of them, a tenant's own version set
 * and dropped, a car checked for a destination, an order refused for a car the destination will
 * not take, an admin's override, and an order's destination changed.
 */
export async function importRules(keys: Keys, customer: Json, deliveredId: string): Promise<void> {
  const { admin, marketer, operations, integrator } = keys;
  await call('listImportRules', { key: marketer, note: 'the rules in force for this tenant (shortened here)' });
  const kuwait = (await call('getImportRule', { key: marketer, path: { country: 'KW' } })).body.data;
  const own = {
    maxAgeYears: 10,
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: ['Customs declaration', 'Traffic technical inspection'],
    permits: [],
    note: 'Our buyers pay the BD 1,000 fee for cars over 5 years',
    source: 'Bahrain clearing agent, letter of 2026-12-01',
    asOf: '2026-12-01',
    confirmed: true,
  };
  const set = await call('putImportRule', {
    key: admin,
    path: { country: 'BH' },
    headers: { 'If-Match': '"1"' },
    body: own,
    note: "the tenant's own rule for Bahrain, looser than the default",
  });
  await call('putImportRule', {
    key: admin,
    path: { country: 'BH' },
    body: { ...own, version: 1 },
    expect: 409,
    note: 'a version that is no longer the current one',
  });
  await call('putImportRule', {
    key: admin,
    path: { country: 'BH' },
    headers: { 'If-Match': '"1"' },
    body: own,
    expect: 412,
    note: 'If-Match names a version that is no longer the current one',
  });
  await call('deleteImportRule', {
    key: admin,
    path: { country: 'BH' },
    headers: { 'If-Match': '"1"' },
    expect: 412,
    note: "If-Match names a version that is no longer the tenant's own",
  });
  await call('putImportRule', {
    key: admin,
    path: { country: 'BH' },
    body: { ...own, engine: { minCc: 3000, maxCc: 1000 } },
    expect: 400,
    note: 'engine limits the wrong way round',
  });
  await call('deleteImportRule', {
    key: admin,
    path: { country: 'BH' },
    headers: { 'If-Match': `"${set.body.data.version}"` },
    note: 'back to the default, which is answered',
  });
  await call('getImportRule', {
    key: marketer,
    path: { country: 'FR' },
    expect: 404,
    note: 'a country without a rule: no car is refused for it',
  });

  const old = (
    await call('listCars', {
      key: integrator,
      query: { limit: 1, yearTo: new Date().getUTCFullYear() - 8, sortBy: 'year', sortOrder: 'asc' },
      skip: true,
    })
  ).body.data[0];
  await call('getCar', {
    key: integrator,
    path: { id: old.id },
    query: { importableTo: 'KW' },
    skip: true,
  });
  const body = { customerId: customer.id, carId: old.id, destinationCountry: 'KW', totalAmount: 9500, currency: 'USD' };
  await call('createOrder', {
    key: marketer,
    body,
    expect: 409,
    note: `a ${old.year} car for Kuwait, which takes cars at most ${kuwait.maxAgeYears} years old`,
  });
  await call('createOrder', {
    key: marketer,
    body: { ...body, importRuleOverride: { reason: 'Buyer re-exports to Iraq; Kuwait is transit only' } },
    expect: 403,
    note: 'only an admin may override the import rules',
  });
  const overridden = (
    await call('createOrder', {
      key: admin,
      body: { ...body, importRuleOverride: { reason: 'Buyer re-exports to Iraq; Kuwait is transit only' } },
      skip: true,
    })
  ).body.data;
  await call('setOrderDestination', {
    key: operations,
    path: { id: overridden.id },
    body: { destinationCountry: 'SA', version: overridden.version },
    expect: 409,
    note: 'Saudi Arabia refuses the car too; the order keeps its destination',
  });
  await call('setOrderDestination', {
    key: operations,
    path: { id: overridden.id },
    headers: { 'If-Match': `"${overridden.version + 1}"` },
    body: { destinationCountry: 'AE' },
    expect: 412,
    note: 'If-Match names a version the order does not have',
  });
  await call('setOrderDestination', {
    key: operations,
    path: { id: overridden.id },
    body: { destinationCountry: 'AE', version: overridden.version },
    note: 'to the UAE, which takes the car: the override goes',
  });
  await call('setOrderDestination', {
    key: operations,
    path: { id: deliveredId },
    body: { destinationCountry: 'SA' },
    expect: 422,
    note: 'a delivered order: its destination can no longer change',
  });
}
