import { tenantPart } from '../no-tenant.js';

/**
 * The lists of customers, by name (GET /customers): a tenant's on GSI2 (the customer item itself,
 * so a page is one Query), and a marketer's on GSI3 (the marketer's links to the customers they
 * may see, whose page is one Query and one BatchGet of the customers). `nameKey` is the name in
 * its search form (lib/domain/name-search.ts); the id ends the sort key, so equal names keep
 * a stable order and a cursor never skips one.
 */
export const customersOfTenant = (tenantId: string | undefined) => `CUSTOMERS#T#${tenantPart(tenantId)}`;
export const customersOfMarketer = (marketerId: string) => `CUSTOMERS#M#${marketerId}`;
export const customerNameIndex = (tenantId: string | undefined, nameKey: string, id: string) => ({
  gsi2pk: customersOfTenant(tenantId),
  gsi2sk: `${nameKey}#${id}`,
});
export const marketerCustomerIndex = (marketerId: string, nameKey: string, customerId: string) => ({
  gsi3pk: customersOfMarketer(marketerId),
  gsi3sk: `${nameKey}#${customerId}`,
});
