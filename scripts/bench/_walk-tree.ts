import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The modules the order walk calls, from the tree it measures (this checkout, or an extracted
 * copy of an older commit), typed as this tree's: the walk calls only what both layouts have.
 */
export async function loadTree(root: string) {
  const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;
  const { ensureTableAndBucket } = await load<typeof import('../local/bootstrap.js')>('scripts/local/bootstrap.ts');
  const { ddb } = await load<typeof import('../../lib/store/client.js')>('lib/store/client.ts');
  const { createTenant } = await load<typeof import('../../lib/store/tenants.js')>('lib/store/tenants.ts');
  const { createUser } = await load<typeof import('../../lib/use-cases/users.js')>('lib/use-cases/users.ts');
  const { createCustomer } =
    await load<typeof import('../../lib/use-cases/customers.js')>('lib/use-cases/customers.ts');
  const { createOrder } = await load<typeof import('../../lib/use-cases/orders/create-order.js')>(
    'lib/use-cases/orders/create-order.ts',
  );
  const { getOrder } = await load<typeof import('../../lib/use-cases/orders/get-order.js')>(
    'lib/use-cases/orders/get-order.ts',
  );
  const { listOrders } = await load<typeof import('../../lib/use-cases/orders/list-orders.js')>(
    'lib/use-cases/orders/list-orders.ts',
  );
  const { changeOrderStatus } = await load<typeof import('../../lib/use-cases/orders/change-order-status.js')>(
    'lib/use-cases/orders/change-order-status.ts',
  );
  const { validateOrderTransition } = await load<
    typeof import('../../lib/use-cases/orders/validate-order-transition.js')
  >('lib/use-cases/orders/validate-order-transition.ts');
  const { setCustomsInvoice } = await load<typeof import('../../lib/use-cases/orders/customs.js')>(
    'lib/use-cases/orders/customs.ts',
  );
  const { recordExportStep, updateShipment } = await load<typeof import('../../lib/use-cases/orders/export.js')>(
    'lib/use-cases/orders/export.ts',
  );
  const { generateOrderDocument, listOrderDocuments } = await load<
    typeof import('../../lib/use-cases/orders/documents.js')
  >('lib/use-cases/orders/documents.ts');
  const { listOrderNotifications } = await load<
    typeof import('../../lib/use-cases/orders/list-order-notifications.js')
  >('lib/use-cases/orders/list-order-notifications.ts');
  const { listOrderBilling, confirmBillingEntry, createBillingEntry } =
    await load<typeof import('../../lib/use-cases/billing.js')>('lib/use-cases/billing.ts');
  const { createInspection, changeInspectionStatus } =
    await load<typeof import('../../lib/use-cases/inspections.js')>('lib/use-cases/inspections.ts');
  const { createContract } = await load<typeof import('../../lib/use-cases/contracts/create-contract.js')>(
    'lib/use-cases/contracts/create-contract.ts',
  );
  const { sendContract } = await load<typeof import('../../lib/use-cases/contracts/send-contract.js')>(
    'lib/use-cases/contracts/send-contract.ts',
  );
  const { signContract } = await load<typeof import('../../lib/use-cases/contracts/sign-contract.js')>(
    'lib/use-cases/contracts/sign-contract.ts',
  );
  const { listAudit } = await load<typeof import('../../lib/use-cases/audit-trail.js')>('lib/use-cases/audit-trail.ts');
  const { processDue } = await load<typeof import('../../lib/use-cases/outbox/process-event.js')>(
    'lib/use-cases/outbox/process-event.ts',
  );
  const { copyImage } = await load<typeof import('../../lib/archive/images.js')>('lib/archive/images.ts');
  // Trees from before tenants had legal profiles have no profile to give (nor documents that need one).
  const profileUseCases = existsSync(join(root, 'lib', 'use-cases', 'tenant-profile.ts'))
    ? await load<typeof import('../../lib/use-cases/tenant-profile.js')>('lib/use-cases/tenant-profile.ts')
    : undefined;
  return {
    ensureTableAndBucket,
    ddb,
    createTenant,
    createUser,
    createCustomer,
    createOrder,
    getOrder,
    listOrders,
    changeOrderStatus,
    validateOrderTransition,
    setCustomsInvoice,
    recordExportStep,
    updateShipment,
    generateOrderDocument,
    listOrderDocuments,
    listOrderNotifications,
    listOrderBilling,
    confirmBillingEntry,
    createBillingEntry,
    createInspection,
    changeInspectionStatus,
    createContract,
    sendContract,
    signContract,
    listAudit,
    processDue,
    copyImage,
    profileUseCases,
  };
}

export type Tree = Awaited<ReturnType<typeof loadTree>>;
