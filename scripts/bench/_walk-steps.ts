import { GULF_MOTORS_PROFILE, writeDemoProfile } from '../local/demo-profiles.js';
import type { Tree } from './_walk-tree.js';

/**
 * The order walk's tenant and staff (set-up, not measured), and its requests: those of the
 * README's runbook (and of the getting-started guide), in order, with the reads staff make
 * between them and two PDFs, each made by calling the use case its route's handler calls, with
 * the same body.
 */

/** Counts one request's units (and its consumer work's) as one step of the walk. */
export type Request = <T>(step: string, call: () => Promise<T>) => Promise<T>;

/** A tenant of the walk's own, its legal profile complete, and one staff member of each role. */
export async function setUpTenant(tree: Tree) {
  const { ensureTableAndBucket, createTenant, createUser, profileUseCases } = tree;
  await ensureTableAndBucket(process.env.TABLE_NAME!, process.env.BUCKET_NAME!);
  const platform = { keyId: 'bench-platform', role: 'admin' as const, allowedRoutes: ['*'] };
  const tenant = await createTenant({
    name: 'Bench Cars',
    subdomain: `bench${Date.now()}`,
    markup: '1.10',
    visibleProviders: ['glovis'],
    publishedOnly: false,
  });
  const tenantId = tenant.id;
  // The documents it generates name the seller: a complete profile, written in set-up (not measured).
  if (profileUseCases) await writeDemoProfile(profileUseCases, platform, tenantId, GULF_MOTORS_PROFILE);
  const staff = async (role: 'marketer' | 'accountant' | 'operations' | 'inspector', n: number) => {
    const user = await createUser(platform, {
      name: `Bench ${role}`,
      role,
      tenantId,
      mobileNumber: `+9745000${String(1000 + n)}`,
    });
    return { keyId: `bench-${role}`, tenantId, role, userId: user.id, allowedRoutes: ['*'] };
  };
  const marketer = await staff('marketer', 1);
  const accountant = await staff('accountant', 2);
  const operations = await staff('operations', 3);
  const inspector = await staff('inspector', 4);
  const admin = { keyId: 'bench-admin', tenantId, role: 'admin' as const, allowedRoutes: ['*'] };
  return { marketer, accountant, operations, inspector, admin };
}

/** The order from creation to Delivered; its id and the messages it caused. */
export async function walkOrder(tree: Tree, staff: Awaited<ReturnType<typeof setUpTenant>>, request: Request) {
  const {
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
  } = tree;
  const { marketer, accountant, operations, inspector, admin } = staff;
  const body = (version: number) => ({ version, via: 'body' as const });
  const today = new Date().toISOString().slice(0, 10);

  const customer = await request('POST /customers', () =>
    createCustomer(marketer, { name: 'Ali Hassan', mobileNumber: '+97455512345', country: 'QA' }),
  );
  // ORDER_WALK_PICTURES=n: the car as a catalogue order snapshots it, with n pictures (a listing has 20 to 60).
  const pictures = Number(process.env.ORDER_WALK_PICTURES ?? 0);
  const images = Array.from(
    { length: pictures },
    (_, i) => `https://ci.encar.com/carpicture/carpicture03/pic3812/38126513_${String(i + 1).padStart(3, '0')}.jpg`,
  );
  const carDetails = {
    makeEn: 'Hyundai',
    modelEn: 'Palisade',
    year: 2021,
    customerNotificationsEnabled: true,
    ...(pictures > 0
      ? {
          provider: 'sk',
          advertisementNumber: '38126513',
          title: 'Hyundai Palisade 2.2 Diesel 4WD Calligraphy',
          modelGroupEn: 'Palisade',
          gradeEn: 'Diesel 2.2 4WD',
          gradeDetailEn: 'Calligraphy',
          kilometers: 48210,
          price: 3890,
          priceUnit: '10000 KRW',
          fuelType: 'Diesel',
          transmission: 'Automatic',
          color: 'White',
          vin: 'KMHR881EMNU412345',
          images,
          thumbnailUrl: images[0],
          auctionDate: '2026-12-02T10:00:00+09:00',
        }
      : {}),
  };
  const order = await request('POST /orders', () =>
    createOrder(marketer, { customerId: customer.id, totalAmount: 18500, receiptAmount: 2000, carDetails }, undefined),
  );
  const id = order.id;
  let version = 1;
  const move = async (caller: typeof operations, status: string, extra: Record<string, unknown> = {}) => {
    const moved = await request(`PATCH /orders/{id}/status ${status}`, () =>
      changeOrderStatus(caller, id, { status: status as never, version, ...extra }, body(version)),
    );
    version = moved.version;
  };
  await request('GET /orders/{id}', () => getOrder(marketer, id, 'http://localhost'));
  const billing = await request('GET /orders/{id}/billing', () => listOrderBilling(accountant, id));
  await request('PATCH /billing/{id}/confirm', () => confirmBillingEntry(accountant, String(billing[0]!.id)));
  await request('POST /orders/{id}/validate-transition', () =>
    validateOrderTransition(accountant, id, 'DepositConfirmed'),
  );
  await move(accountant, 'DepositConfirmed');
  await move(operations, 'InspectionScheduled', { inspectionDate: '2026-12-01T10:00:00Z' });
  const inspection = await request('POST /inspections', () =>
    createInspection(operations, { orderId: id, inspectorId: inspector.userId }),
  );
  await request('PATCH /inspections/{id}/status InProgress', () =>
    changeInspectionStatus(inspector, inspection.id, { status: 'InProgress' }),
  );
  await request('PATCH /inspections/{id}/status Completed', () =>
    changeInspectionStatus(inspector, inspection.id, { status: 'Completed', notes: 'No accident history' }),
  );
  await move(inspector, 'InspectionCompleted');
  const contract = await request('POST /contracts', () =>
    createContract(operations, { orderId: id, customerName: 'Ali Hassan' }),
  );
  await request('POST /contracts/{id}/send', () => sendContract(operations, contract.id, { phone: '+97455512345' }));
  await request('PATCH /contracts/{id}/sign', () => signContract(operations, contract.id, undefined));
  await move(operations, 'ContractSigned');
  await move(operations, 'PaymentSubmitted');
  const payment = await request('POST /billing', () =>
    createBillingEntry(operations, {
      orderId: id,
      type: 'receipt',
      amount: 16500,
      currency: 'USD',
      description: 'Balance',
    }),
  );
  await request('PATCH /billing/{id}/confirm', () => confirmBillingEntry(accountant, payment.id));
  await move(accountant, 'PaymentConfirmed');
  await move(operations, 'Purchased');
  await request('GET /orders', () => listOrders(operations, { page: 1, limit: 20 }));
  const customs = await request('PATCH /orders/{id}/customs-invoice', () =>
    setCustomsInvoice(
      operations,
      id,
      {
        buyerName: 'Ali Hassan',
        items: [{ description: 'Hyundai Palisade 2021', amount: 18500 }],
        currency: 'USD',
        carMake: 'Hyundai',
        carModel: 'Palisade',
        carYear: 2021,
        carVin: 'KM8R54HE1MU123456',
        fuelType: 'Diesel',
        engineCapacityCc: 2199,
        portOfDischarge: 'Jebel Ali, UAE',
        version,
      } as Parameters<typeof setCustomsInvoice>[2],
      body(version),
    ),
  );
  version = customs.version;
  const invoice = await request('POST /orders/{id}/documents customs-invoice', () =>
    generateOrderDocument(operations, id, { type: 'customs-invoice' }),
  );
  // An invoice first takes its number in the tenant's series, an order change of its own (trees before the series: none).
  version += (invoice as { number?: string }).number ? 2 : 1;
  for (const [step, input] of [
    ['deregistration', { date: today, documentUrl: 'https://files.example.com/export/dereg-1.pdf' }],
    ['bonded-area', { date: today, location: 'Incheon bonded yard' }],
    ['export-declaration', { date: today, number: '12345-26-000124X' }],
  ] as const) {
    const recorded = await request(`PUT /orders/{id}/export-steps/${step}`, () =>
      recordExportStep(operations, id, step, { ...input, version }, body(version)),
    );
    version = recorded.version;
  }
  const shipment = {
    method: 'roro' as const,
    bookingNumber: 'BK-55122',
    carrier: 'Hyundai Glovis',
    portOfLoading: 'KRPTK',
    portOfDischarge: 'QAHMD',
    billOfLadingNumber: 'BL-78',
    billOfLadingUrl: 'https://files.example.com/export/bl-78.pdf',
    atd: today,
  };
  version = (
    await request('PATCH /orders/{id}/shipment', () =>
      updateShipment(operations, id, { ...shipment, version }, body(version)),
    )
  ).version;
  await request('POST /orders/{id}/validate-transition', () => validateOrderTransition(operations, id, 'Shipped'));
  await move(operations, 'Shipped');
  version = (
    await request('PATCH /orders/{id}/shipment ata', () =>
      updateShipment(operations, id, { ata: today, version }, body(version)),
    )
  ).version;
  await move(operations, 'Delivered');
  await request('POST /orders/{id}/documents proforma-invoice', () =>
    generateOrderDocument(accountant, id, { type: 'proforma-invoice' }),
  );
  await request('GET /orders/{id}/documents', () => listOrderDocuments(operations, id));
  await request('GET /orders/{id}', () => getOrder(admin, id, 'http://localhost'));
  const notifications = await request('GET /orders/{id}/notifications', () => listOrderNotifications(admin, id));
  await request('GET /audit', () => listAudit(admin, { entity: 'order', id, limit: 50 }));
  return { id, notifications };
}
