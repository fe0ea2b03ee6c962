/**
 * An order by its number (GET /orders?orderNumber=): order numbers come from one counter, so they
 * are unique across tenants; this item, written with the order, names its id and tenant.
 */
export const orderNumberRef = (orderNumber: number) => ({ pk: `ORDERNO#${orderNumber}`, sk: 'REF' });
