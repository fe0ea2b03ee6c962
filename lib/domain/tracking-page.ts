import { otherCurrencyReceipts, type OtherCurrencyReceipts } from './receipts.js';
import { sumMoney } from './money.js';
import type { OrderStatus } from './order-lifecycle.js';
import type { Shipment } from './shipment.js';

/**
 * What the buyer's page shows of an order, as data: pure, so what is shown at each stage (and
 * what is never shown) is tested without a table or a browser. Built from named fields only:
 * nothing of the order reaches the page unless it is picked here, so staff notes, the audit
 * trail, other staff, other orders and the customer's ID number cannot leak through it.
 */

/** The steps a buyer follows, in order. A wallet-paid order has neither a deposit to confirm nor a payment. */
export const MILESTONES = [
  'ordered',
  'depositConfirmed',
  'inspectionScheduled',
  'inspected',
  'contractSigned',
  'paymentConfirmed',
  'purchased',
  'deregistered',
  'exportDeclared',
  'departed',
  'arrived',
  'delivered',
] as const;
export type Milestone = (typeof MILESTONES)[number];
const NOT_ON_WALLET_PATH: ReadonlySet<Milestone> = new Set(['depositConfirmed', 'paymentConfirmed']);

/** The status that marks each milestone reached (the export steps and the voyage are marked by their own records). */
const STATUS_OF: Partial<Record<Milestone, OrderStatus>> = {
  depositConfirmed: 'DepositConfirmed',
  inspectionScheduled: 'InspectionScheduled',
  inspected: 'InspectionCompleted',
  contractSigned: 'ContractSigned',
  paymentConfirmed: 'PaymentConfirmed',
  purchased: 'Purchased',
  departed: 'Shipped',
  delivered: 'Delivered',
};

/** The voyage as the buyer sees it: the shipment without the booking, the seal and staff's own records. */
export type Voyage = Omit<Shipment, 'bookingNumber' | 'sealNumber' | 'billOfLadingUrl' | 'updatedAt'>;

export interface TrackingPageInput {
  order: {
    orderNumber: number;
    status: OrderStatus;
    totalAmount: number;
    currency: string;
    paidFromWallet: boolean;
    createdAt: string;
    inspectionDate: string | null;
    carDetails: Record<string, unknown>;
    customer: { name: string };
    marketer?: { name: string; mobileNumber?: string };
    exportSteps?: { deregistration?: { date: string }; exportDeclaration?: { date: string } };
    shipment?: Voyage;
  };
  /** The order's status moves, any order. */
  history: ReadonlyArray<{ to: OrderStatus; at: string }>;
  receipts: ReadonlyArray<{ status: string; amount: number; currency: string }>;
  inspections: ReadonlyArray<{
    status: string;
    inspectionDate: string | null;
    photos: ReadonlyArray<{ url: string; thumbnailUrl?: string; caption?: string }>;
    pdfReportUrl: string | null;
    createdAt: string;
    completedAt?: string;
  }>;
  /** The signed contract's file, when its signature recorded one (or the contract generated and signed). */
  signedContract?: { contractNumber: number; signedAt: string; url?: string };
  /** Generated documents, latest version of each, with download addresses made for this view. */
  documents: ReadonlyArray<{ type: string; createdAt: string; url: string }>;
  /** The car's main picture: the archived copy's address when there is one. */
  photoUrl?: string;
}

export interface MilestoneView {
  key: Milestone;
  state: 'done' | 'next' | 'later';
  /** When it happened (an instant, or a day for export steps and the voyage). */
  date?: string;
  /** When it is expected (the inspection's date, ETD, ETA), while not done. */
  expected?: string;
}

export type PaperKind = 'contract' | 'proforma-invoice' | 'customs-invoice' | 'inspection-report';

export interface TrackingPageView {
  orderNumber: number;
  customerName: string;
  stage: 'open' | 'delivered' | 'cancelled';
  car: { make?: string; model?: string; year?: number; mileageKm?: number; colour?: string; vinEnding?: string; photoUrl?: string };
  milestones: MilestoneView[];
  /** When the order was cancelled. */
  cancelledAt?: string;
  voyage?: Voyage;
  inspection?: { state: 'scheduled' | 'in-progress' | 'completed'; date?: string; photos: Array<{ url: string; thumbnailUrl: string; caption?: string }> };
  money: {
    total: number;
    confirmed: number;
    awaitingConfirmation: number;
    remaining: number;
    currency: string;
    paidFromWallet: boolean;
    /** Received in other currencies: not converted, so not counted above. */
    otherCurrencies: OtherCurrencyReceipts[];
  };
  papers: Array<{ kind: PaperKind; url: string; date?: string; number?: number }>;
  contact?: { name: string; whatsappUrl?: string };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const whole = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[, ]/g, '')) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
};
const isWebAddress = (value: string | undefined): value is string => value !== undefined && /^https?:\/\//i.test(value);

/** The car as the buyer knows it, from the order's snapshot of it (the catalogue's names, or what staff typed). */
function carOf(details: Record<string, unknown>, photoUrl: string | undefined): TrackingPageView['car'] {
  const vin = text(details.vin) ?? text(details.vinNumber);
  return {
    make: text(details.makeEn) ?? text(details.make),
    model: [text(details.modelEn) ?? text(details.model), text(details.gradeEn)].filter(Boolean).join(' ') || undefined,
    year: whole(details.year),
    mileageKm: whole(details.kilometers) ?? whole(details.mileageKm) ?? whole(details.mileage),
    colour: text(details.colorEn) ?? text(details.color) ?? text(details.colour),
    // The last six characters are what the buyer checks against the car's papers; the rest identifies the car to anyone.
    vinEnding: vin && vin.length > 6 ? vin.slice(-6) : vin,
    ...(photoUrl ? { photoUrl } : {}),
  };
}

/** The latest time the order reached `status`, from its history. */
const reachedAt = (history: TrackingPageInput['history'], status: OrderStatus): string | undefined =>
  history
    .filter((entry) => entry.to === status)
    .reduce<string | undefined>((last, entry) => (last === undefined || entry.at > last ? entry.at : last), undefined);

function milestonesOf(input: TrackingPageInput): MilestoneView[] {
  const { order, history } = input;
  const reached = new Set(history.map((entry) => entry.to));
  reached.add(order.status);
  const steps = order.exportSteps ?? {};
  const shipment = order.shipment;
  const inspection = latestInspection(input.inspections);
  const keys = MILESTONES.filter((key) => !(order.paidFromWallet && NOT_ON_WALLET_PATH.has(key)));
  const views = keys.map((key): Omit<MilestoneView, 'state'> & { done: boolean } => {
    switch (key) {
      case 'ordered':
        return { key, done: true, date: order.createdAt };
      case 'deregistered':
        return { key, done: steps.deregistration !== undefined, date: steps.deregistration?.date };
      case 'exportDeclared':
        return { key, done: steps.exportDeclaration !== undefined, date: steps.exportDeclaration?.date };
      case 'departed': {
        const at = shipment?.atd ?? reachedAt(history, 'Shipped');
        return { key, done: reached.has('Shipped') || shipment?.atd !== undefined, date: at, expected: shipment?.etd };
      }
      case 'arrived':
        return { key, done: shipment?.ata !== undefined || reached.has('Delivered'), date: shipment?.ata, expected: shipment?.eta };
      case 'inspectionScheduled': {
        const status = STATUS_OF[key]!;
        return { key, done: reached.has(status), date: reachedAt(history, status), expected: order.inspectionDate ?? inspection?.inspectionDate ?? undefined };
      }
      case 'inspected': {
        const status = STATUS_OF[key]!;
        return { key, done: reached.has(status), date: reachedAt(history, status), expected: order.inspectionDate ?? inspection?.inspectionDate ?? undefined };
      }
      default: {
        const status = STATUS_OF[key]!;
        return { key, done: reached.has(status), date: reachedAt(history, status) };
      }
    }
  });
  // A step reached means every step before it is behind the buyer too (an order moved by staff
  // past a step it has no date for); the first step not done is the next one.
  const lastDone = views.reduce((last, view, index) => (view.done ? index : last), -1);
  const cancelled = order.status === 'Cancelled';
  return views.map(({ done, ...view }, index) => {
    const isDone = done || index < lastDone;
    const state = isDone ? 'done' : !cancelled && index === lastDone + 1 ? 'next' : 'later';
    return {
      key: view.key,
      state,
      ...(isDone && view.date ? { date: view.date } : {}),
      ...(!isDone && view.expected ? { expected: view.expected } : {}),
    };
  });
}

/** The inspection the buyer hears of: the newest that was not cancelled. */
function latestInspection(inspections: TrackingPageInput['inspections']) {
  return [...inspections].filter((i) => i.status !== 'Cancelled').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

function inspectionOf(input: TrackingPageInput): TrackingPageView['inspection'] {
  const inspection = latestInspection(input.inspections);
  const date = inspection?.inspectionDate ?? input.order.inspectionDate ?? undefined;
  if (!inspection) return date ? { state: 'scheduled', date, photos: [] } : undefined;
  const state = inspection.status === 'Completed' ? 'completed' : inspection.status === 'InProgress' ? 'in-progress' : 'scheduled';
  return {
    state,
    ...(date ? { date } : {}),
    photos: inspection.photos
      .filter((photo) => isWebAddress(photo.url))
      .map((photo) => ({
        url: photo.url,
        thumbnailUrl: isWebAddress(photo.thumbnailUrl) ? photo.thumbnailUrl : photo.url,
        ...(photo.caption ? { caption: photo.caption } : {}),
      })),
  };
}

function moneyOf(input: TrackingPageInput): TrackingPageView['money'] {
  const { order } = input;
  const inCurrency = input.receipts.filter((receipt) => receipt.currency === order.currency);
  const confirmed = order.paidFromWallet ? order.totalAmount : sumMoney(inCurrency.filter((r) => r.status === 'Confirmed').map((r) => r.amount));
  const awaiting = order.paidFromWallet ? 0 : sumMoney(inCurrency.filter((r) => r.status !== 'Confirmed').map((r) => r.amount));
  return {
    total: order.totalAmount,
    confirmed,
    awaitingConfirmation: awaiting,
    remaining: Math.max(0, sumMoney([order.totalAmount, -confirmed])),
    currency: order.currency,
    paidFromWallet: order.paidFromWallet,
    otherCurrencies: otherCurrencyReceipts(input.receipts, order.currency),
  };
}

function papersOf(input: TrackingPageInput): TrackingPageView['papers'] {
  const papers: TrackingPageView['papers'] = [];
  const contract = input.signedContract;
  if (contract?.url && isWebAddress(contract.url))
    papers.push({ kind: 'contract', url: contract.url, date: contract.signedAt, number: contract.contractNumber });
  for (const kind of ['proforma-invoice', 'customs-invoice'] as const) {
    const document = input.documents.find((d) => d.type === kind);
    if (document) papers.push({ kind, url: document.url, date: document.createdAt });
  }
  const report = latestInspection(input.inspections)?.pdfReportUrl ?? undefined;
  if (isWebAddress(report)) papers.push({ kind: 'inspection-report', url: report });
  return papers;
}

/** A WhatsApp chat with the marketer: wa.me takes the number in international form, digits only. */
function contactOf(marketer: TrackingPageInput['order']['marketer']): TrackingPageView['contact'] {
  if (!marketer) return undefined;
  const digits = marketer.mobileNumber?.replace(/\D/g, '') ?? '';
  return { name: marketer.name, ...(digits.length >= 8 ? { whatsappUrl: `https://wa.me/${digits}` } : {}) };
}

export function trackingPageView(input: TrackingPageInput): TrackingPageView {
  const { order } = input;
  const stage = order.status === 'Delivered' ? 'delivered' : order.status === 'Cancelled' ? 'cancelled' : 'open';
  const shipment = order.shipment;
  const contact = contactOf(order.marketer);
  const inspection = inspectionOf(input);
  const cancelledAt = stage === 'cancelled' ? reachedAt(input.history, 'Cancelled') : undefined;
  return {
    orderNumber: order.orderNumber,
    customerName: order.customer.name,
    stage,
    car: carOf(order.carDetails, input.photoUrl),
    milestones: milestonesOf(input),
    ...(cancelledAt ? { cancelledAt } : {}),
    ...(shipment
      ? {
          voyage: {
            method: shipment.method,
            carrier: shipment.carrier,
            vessel: shipment.vessel,
            voyage: shipment.voyage,
            containerNumber: shipment.containerNumber,
            portOfLoading: shipment.portOfLoading,
            portOfDischarge: shipment.portOfDischarge,
            etd: shipment.etd,
            eta: shipment.eta,
            atd: shipment.atd,
            ata: shipment.ata,
            billOfLadingNumber: shipment.billOfLadingNumber,
          },
        }
      : {}),
    ...(inspection ? { inspection } : {}),
    money: moneyOf(input),
    papers: papersOf(input),
    ...(contact ? { contact } : {}),
  };
}
