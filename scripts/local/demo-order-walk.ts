/**
 * One demo order brought to its stage by the people who do each step in a dealership: the
 * marketer places it with the deposit, the accountant confirms what operations or the marketer
 * recorded (never their own entry: a tenant may require a second person), operations schedules
 * the inspection, records the contract, buys the car and ships it, and the demo inspector does the
 * inspection. Every step is the use case its route calls, let through as the API lets a request
 * through (scripts/local/demo-staff.ts). The dates are today's: a step cannot be dated in the past
 * before the car was bought, nor in the future.
 */
import { addDays } from '../../lib/domain/export-steps.js';
import { FUEL_TYPES } from '../../lib/domain/car.js';
import { AppError } from '../../lib/domain/errors.js';
import { PROGRESS, type OrderStatus } from '../../lib/domain/order-lifecycle.js';
import changeInspectionStatusRoute from '../../lib/schemas/generated/changeInspectionStatus.js';
import changeOrderStatusRoute from '../../lib/schemas/generated/changeOrderStatus.js';
import confirmBillingEntryRoute from '../../lib/schemas/generated/confirmBillingEntry.js';
import createBillingEntryRoute from '../../lib/schemas/generated/createBillingEntry.js';
import createContractRoute from '../../lib/schemas/generated/createContract.js';
import createInspectionRoute from '../../lib/schemas/generated/createInspection.js';
import createOrderRoute from '../../lib/schemas/generated/createOrder.js';
import listCarsRoute from '../../lib/schemas/generated/listCars.js';
import listOrderBillingRoute from '../../lib/schemas/generated/listOrderBilling.js';
import recordExportStepRoute from '../../lib/schemas/generated/recordExportStep.js';
import sendContractRoute from '../../lib/schemas/generated/sendContract.js';
import setCustomsInvoiceRoute from '../../lib/schemas/generated/setCustomsInvoice.js';
import signContractRoute from '../../lib/schemas/generated/signContract.js';
import updateShipmentRoute from '../../lib/schemas/generated/updateShipment.js';
import { confirmBillingEntry, createBillingEntry, listOrderBilling } from '../../lib/use-cases/billing.js';
import { listCars } from '../../lib/use-cases/cars.js';
import { createContract } from '../../lib/use-cases/contracts/create-contract.js';
import { sendContract } from '../../lib/use-cases/contracts/send-contract.js';
import { signContract } from '../../lib/use-cases/contracts/sign-contract.js';
import { changeInspectionStatus, createInspection } from '../../lib/use-cases/inspections.js';
import { changeOrderStatus } from '../../lib/use-cases/orders/change-order-status.js';
import { createOrder } from '../../lib/use-cases/orders/create-order.js';
import { setCustomsInvoice } from '../../lib/use-cases/orders/customs.js';
import { recordExportStep } from '../../lib/use-cases/orders/export.js';
import { updateShipment } from '../../lib/use-cases/orders/export.js';
import type { DemoCustomer, DemoOrder } from './demo-orders-data.js';
import type { StaffMember } from './demo-staff.js';

/** Gulf Motors' staff at work, and the demo inspector's user id (inspections are assigned to them). */
export interface DemoStaff {
  marketer: StaffMember;
  accountant: StaffMember;
  operations: StaffMember;
  inspector: StaffMember;
  inspectorId: string;
}

/** Where the walk is: the order, the version its next change names, and the day it happens. */
interface Walk {
  staff: DemoStaff;
  customer: DemoCustomer;
  plan: DemoOrder;
  id: string;
  orderNumber: number;
  version: number;
  carDetails: Record<string, unknown>;
  totalAmount: number;
  deposit: number;
  inspectionId?: string;
  /** The tenant's calendar day (YYYY-MM-DD). */
  today: string;
}

/** The ports the demo cars leave from, and the shipping line that carries them. */
const LOADING_PORT = 'KRINC';
const CARRIER = 'Hyundai Glovis';
const VESSEL = 'Glovis Horizon';
/** RoRo from Incheon to the Gulf takes about three and a half weeks. */
const VOYAGE_DAYS = 24;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const asBody = (version: number) => ({ version, via: 'body' as const });

/** What the buyer pays on top of the car, CFR to a Gulf port: the sea freight and the export charges. */
const FREIGHT: Record<DemoOrder['currency'], number> = { USD: 1500, AED: 5500 };

/**
 * The car as a marketer picks it, and its price: the newest listing of the model the storefront
 * shows that the buyer's country takes, at its price for the tenant in the order's currency (rounded up to hundreds) plus the
 * freight; else the car described by hand at the price the plan gives it.
 */
async function pickCar(
  staff: DemoStaff,
  plan: DemoOrder,
  country: DemoCustomer['country'],
): Promise<{ car: { carId: number } | { carDetails: Record<string, unknown> }; totalAmount: number }> {
  const { makeEn, modelGroupEn } = plan.car;
  // Never older than three model years, so the buyer's country takes the car whatever year the demo runs in.
  const fallback = { ...plan.car.fallback, year: Math.max(plan.car.fallback.year, new Date().getUTCFullYear() - 3) };
  const query = {
    makeEn,
    modelGroupEn,
    yearFrom: fallback.year,
    importableTo: country,
    currency: plan.currency,
    page: 1,
    limit: 1,
    sortBy: 'createdAt',
    sortOrder: 'desc',
  };
  const listed = await staff.marketer(listCarsRoute, { query }, (caller) =>
    listCars(caller, query as Parameters<typeof listCars>[1]),
  );
  const { id, convertedPrice } = (listed.data[0] ?? {}) as { id?: unknown; convertedPrice?: unknown };
  if (typeof id === 'number' && typeof convertedPrice === 'number') {
    return { car: { carId: id }, totalAmount: Math.ceil(convertedPrice / 100) * 100 + FREIGHT[plan.currency] };
  }
  return { car: { carDetails: { makeEn, modelGroupEn, ...fallback } }, totalAmount: plan.fallbackAmount };
}

/** The deposit a buyer pays to hold the car: about a tenth of the price, in whole 500s. */
const depositOf = (totalAmount: number): number => Math.max(500, Math.round(totalAmount / 5000) * 500);

async function place(
  staff: DemoStaff,
  customer: DemoCustomer,
  customerId: string,
  plan: DemoOrder,
  today: string,
): Promise<Walk> {
  const { car, totalAmount } = await pickCar(staff, plan, customer.country);
  const deposit = depositOf(totalAmount);
  const body = {
    customerId,
    ...car,
    totalAmount,
    currency: plan.currency,
    receiptAmount: deposit,
    receiptDescription: `Deposit by ${customer.nameEn}`,
    notes: plan.notes,
  };
  const order = await staff.marketer(createOrderRoute, { body }, (caller) => createOrder(caller, body, undefined));
  return {
    staff,
    customer,
    plan,
    id: order.id,
    orderNumber: order.orderNumber,
    version: order.version,
    carDetails: order.carDetails,
    totalAmount,
    deposit,
    today,
  };
}

async function move(walk: Walk, who: StaffMember, status: OrderStatus, note?: string): Promise<void> {
  const body = { status, version: walk.version, ...(note ? { note } : {}) };
  const moved = await who(changeOrderStatusRoute, { body }, (caller) =>
    changeOrderStatus(caller, walk.id, body, asBody(walk.version)),
  );
  walk.version = moved.version;
}

/**
 * The accountant confirms the order's receipts still Pending (recorded by someone else) and moves
 * the order on: the deposit makes it DepositConfirmed, the balance PaymentConfirmed.
 */
const confirmReceipts = (status: OrderStatus, note: string) => async (walk: Walk) => {
  const { accountant } = walk.staff;
  const entries = await accountant(listOrderBillingRoute, {}, (caller) => listOrderBilling(caller, walk.id));
  for (const entry of entries.filter((e) => e.type === 'receipt' && e.status === 'Pending')) {
    await accountant(confirmBillingEntryRoute, {}, (caller) => confirmBillingEntry(caller, entry.id));
  }
  await move(walk, accountant, status, note);
};

/**
 * Operations books the inspection with the demo inspector (10:00 in Korea), and the move to
 * InspectionScheduled takes its date: a few days ahead for an order left waiting for it, today
 * for one the walk takes further.
 */
async function scheduleInspection(walk: Walk): Promise<void> {
  const day = walk.plan.stage === 'InspectionScheduled' ? addDays(walk.today, 3) : walk.today;
  const body = {
    orderId: walk.id,
    inspectorId: walk.staff.inspectorId,
    inspectionDate: `${day}T01:00:00.000Z`,
    notes: 'Photos of the interior and the tyres for the buyer',
  };
  const inspection = await walk.staff.operations(createInspectionRoute, { body }, (caller) =>
    createInspection(caller, body),
  );
  walk.inspectionId = inspection.id;
  await move(walk, walk.staff.operations, 'InspectionScheduled');
}

async function inspect(walk: Walk): Promise<void> {
  const { inspector } = walk.staff;
  const id = walk.inspectionId!;
  const start = { status: 'InProgress' as const };
  await inspector(changeInspectionStatusRoute, { body: start }, (caller) => changeInspectionStatus(caller, id, start));
  const done = {
    status: 'Completed' as const,
    notes: 'No accident history; original paint; tyres about 70%; both keys present.',
  };
  await inspector(changeInspectionStatusRoute, { body: done }, (caller) => changeInspectionStatus(caller, id, done));
  await move(walk, inspector, 'InspectionCompleted');
}

/** Operations sends the contract on the chat channel and records it signed; signed at the showroom when the channel refuses. */
async function signTheContract(walk: Walk): Promise<void> {
  const { operations } = walk.staff;
  const { customer } = walk;
  const body = {
    orderId: walk.id,
    customerName: customer.nameEn,
    customerNameAr: customer.nameAr,
    terms: `CFR ${customer.destination.place}. Balance before the purchase.`,
  };
  const contract = await operations(createContractRoute, { body }, (caller) => createContract(caller, body));
  const send = { phone: customer.mobileNumber };
  await operations(sendContractRoute, { body: send }, (caller) => sendContract(caller, contract.id, send)).catch(
    (error: unknown) => {
      if (!(error instanceof AppError && error.code === 'CHANNEL_DISPATCH_FAILED')) throw error;
    },
  );
  await operations(signContractRoute, {}, (caller) => signContract(caller, contract.id, undefined));
  await move(walk, operations, 'ContractSigned');
}

/** The buyer pays the balance; operations records it, for the accountant to confirm. */
async function submitPayment(walk: Walk): Promise<void> {
  const { operations } = walk.staff;
  await move(walk, operations, 'PaymentSubmitted');
  const body = {
    orderId: walk.id,
    type: 'receipt' as const,
    amount: walk.totalAmount - walk.deposit,
    currency: walk.plan.currency,
    description: `Balance by ${walk.customer.nameEn}`,
  };
  await operations(createBillingEntryRoute, { body }, (caller) => createBillingEntry(caller, body));
}

async function recordStep(
  walk: Walk,
  step: 'deregistration' | 'bonded-area' | 'export-declaration',
  input: Record<string, string>,
): Promise<void> {
  const body = { date: walk.today, ...input, version: walk.version };
  const recorded = await walk.staff.operations(recordExportStepRoute, { body }, (caller) =>
    recordExportStep(caller, walk.id, step, body, asBody(walk.version)),
  );
  walk.version = recorded.version;
}

async function shipment(walk: Walk, fields: Record<string, string>): Promise<void> {
  const body = {
    method: 'roro' as const,
    bookingNumber: `GLV${walk.today.slice(2, 4)}${String(walk.orderNumber).padStart(6, '0')}`,
    carrier: CARRIER,
    vessel: VESSEL,
    portOfLoading: LOADING_PORT,
    portOfDischarge: walk.customer.destination.code,
    ...fields,
    version: walk.version,
  };
  const updated = await walk.staff.operations(updateShipmentRoute, { body }, (caller) =>
    updateShipment(caller, walk.id, body, asBody(walk.version)),
  );
  walk.version = updated.version;
}

/** The car is bought at auction; deregistration and the bonded area follow, and the car is booked on the next sailing. */
async function purchase(walk: Walk): Promise<void> {
  const { operations } = walk.staff;
  await move(walk, operations, 'Purchased', 'Bought at auction');
  await recordStep(walk, 'deregistration', {
    documentUrl: `https://files.example.com/demo/deregistration-${walk.orderNumber}.pdf`,
  });
  await recordStep(walk, 'bonded-area', { location: 'Incheon Port bonded area' });
  await shipment(walk, { voyage: '049W', etd: addDays(walk.today, 5), eta: addDays(walk.today, 5 + VOYAGE_DAYS) });
}

function customsInvoiceBody(walk: Walk) {
  const car = walk.carDetails;
  const make = text(car.makeEn) ?? walk.plan.car.makeEn;
  const model = text(car.modelEn) ?? walk.plan.car.modelGroupEn;
  const year = typeof car.year === 'number' ? car.year : undefined;
  const fuel = FUEL_TYPES.find((f) => f === car.fuelType);
  const vin = text(car.vin);
  const freight = FREIGHT[walk.plan.currency];
  return {
    buyerName: walk.customer.nameEn,
    buyerAddress: walk.customer.address,
    buyerPhone: walk.customer.mobileNumber,
    buyerCountry: walk.customer.country,
    carMake: make,
    carModel: model,
    ...(year ? { carYear: year } : {}),
    ...(vin && vin.length <= 17 ? { carVin: vin } : {}),
    ...(fuel ? { fuelType: fuel } : {}),
    items: [
      { description: [make, model, year].filter(Boolean).join(' '), amount: walk.totalAmount - freight },
      { description: `Sea freight to ${walk.customer.destination.place}`, amount: freight },
    ],
    currency: walk.plan.currency,
    portOfDischarge: walk.customer.destination.place,
    version: walk.version,
  };
}

/** Customs papers, the export declaration, the bill of lading and the departure: the car is at sea. */
async function ship(walk: Walk): Promise<void> {
  const { operations } = walk.staff;
  const body = customsInvoiceBody(walk);
  const invoiced = await operations(setCustomsInvoiceRoute, { body }, (caller) =>
    setCustomsInvoice(caller, walk.id, body, asBody(walk.version)),
  );
  walk.version = invoiced.version;
  await recordStep(walk, 'export-declaration', {
    number: `40123-${walk.today.slice(2, 4)}-${String(walk.orderNumber).padStart(7, '0')}X`,
  });
  const billOfLading = `GLVINC${walk.today.slice(2, 4)}${String(walk.orderNumber).padStart(6, '0')}`;
  await shipment(walk, {
    voyage: '047W',
    etd: walk.today,
    eta: addDays(walk.today, VOYAGE_DAYS),
    atd: walk.today,
    billOfLadingNumber: billOfLading,
    billOfLadingUrl: `https://files.example.com/demo/${billOfLading}.pdf`,
  });
  await move(walk, operations, 'Shipped', `On ${VESSEL} to ${walk.customer.destination.place}`);
}

/** The steps in lifecycle order, each ending at the status it reaches; a walk stops once its stage is reached. */
const STEPS: Array<{ reaches: OrderStatus; run: (walk: Walk) => Promise<void> }> = [
  { reaches: 'DepositConfirmed', run: confirmReceipts('DepositConfirmed', 'Deposit received') },
  { reaches: 'InspectionScheduled', run: scheduleInspection },
  { reaches: 'InspectionCompleted', run: inspect },
  { reaches: 'ContractSigned', run: signTheContract },
  { reaches: 'PaymentSubmitted', run: submitPayment },
  { reaches: 'PaymentConfirmed', run: confirmReceipts('PaymentConfirmed', 'Paid in full') },
  { reaches: 'Purchased', run: purchase },
  { reaches: 'Shipped', run: ship },
];

/** Places the order for the customer and takes it to its stage; answers the order's id. */
export async function walkDemoOrder(
  staff: DemoStaff,
  customer: DemoCustomer,
  customerId: string,
  plan: DemoOrder,
  today: string,
): Promise<string> {
  const walk = await place(staff, customer, customerId, plan, today);
  for (const step of STEPS) {
    if (PROGRESS[step.reaches] > PROGRESS[plan.stage]) break;
    await step.run(walk);
  }
  return walk.id;
}
