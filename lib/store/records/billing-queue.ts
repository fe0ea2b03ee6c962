import { tenantPart } from '../no-tenant.js';

/**
 * The billing entries waiting for confirmation, oldest first (GET /billing?status=Pending, the
 * accountant's queue): a Pending entry carries these GSI2 keys, and confirming it removes them,
 * so the index holds only what waits (a sparse index: one Query per page, whatever the history).
 */
export const billingToConfirm = (tenantId: string | undefined) => `BILLING#PENDING#T#${tenantPart(tenantId)}`;
export const pendingBillingIndex = (tenantId: string | undefined, createdAt: string, id: string) => ({
  gsi2pk: billingToConfirm(tenantId),
  gsi2sk: `${createdAt}#${id}`,
});
