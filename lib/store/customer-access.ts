import { tableName } from '../config.js';
import { nameSearchKey } from '../domain/name-search.js';
import * as keys from './keys.js';
import type { CustomerRecord } from './records/customer.js';
import type { TransactItem } from './transact.js';

/**
 * A marketer may see this customer from now on (they created them, or placed an order for them),
 * and finds them in their list by name. Idempotent: the same item every time.
 */
export function marketerAccessItem(
  customer: Pick<CustomerRecord, 'id' | 'name' | 'tenantId'>,
  marketerId: string,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.customerAccess(customer.id, marketerId),
        ...keys.marketerCustomerIndex(marketerId, nameSearchKey(customer.name), customer.id),
        entity: 'customerAccess',
        customerId: customer.id,
        marketerId,
        tenantId: customer.tenantId,
      },
    },
  };
}
