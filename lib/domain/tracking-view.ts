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
    /** Set by the move that cancelled a wallet-paid order and refunded its wallet (lib/use-cases/orders/change-order-status.ts). */
    refundedAt?: string;
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
    /** When it was marked Completed (inspections completed before this was kept have none). */
    completedAt?: string;
    updatedAt?: string;
  }>;
  /** The signed contract, with the file its signature recorded when there is one (else its generated PDFs are in `documents`). */
  signedContract?: { contractNumber: number; signedAt: string; url?: string };
  /** Generated documents to link (documentsToLink), with download addresses made for this view. */
  documents: ReadonlyArray<{ type: string; language?: PaperLanguage; createdAt: string; url: string }>;
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
export type PaperLanguage = 'en' | 'ar';
const PAPER_KINDS: readonly PaperKind[] = ['contract', 'proforma-invoice', 'customs-invoice', 'inspection-report'];
/** A paper the buyer may download; `language` for a PDF the service generated in one. */
export interface Paper {
  kind: PaperKind;
  url: string;
  date?: string;
  number?: number;
  language?: PaperLanguage;
}

export interface TrackingPageView {
  orderNumber: number;
  customerName: string;
  /** For the badge: "in progress" until the car is shipped, so an open order is not read as on its way. */
  stage: 'in-progress' | 'shipped' | 'delivered' | 'cancelled';
  car: {
    make?: string;
    model?: string;
    year?: number;
    mileageKm?: number;
    colour?: string;
    vinEnding?: string;
    photoUrl?: string;
  };
  milestones: MilestoneView[];
  /** When the order was cancelled. */
  cancelledAt?: string;
  voyage?: Voyage;
  /** `date`: the day it was done once completed, else the day planned. */
  inspection?: {
    state: 'scheduled' | 'in-progress' | 'completed';
    date?: string;
    photos: Array<{ url: string; thumbnailUrl: string; caption?: string }>;
  };
  money: {
    total: number;
    confirmed: number;
    awaitingConfirmation: number;
    /** Still to pay: nothing once the order is cancelled. */
    remaining: number;
    currency: string;
    paidFromWallet: boolean;
    /** When the wallet got a cancelled wallet-paid order's amount back. */
    refundedToWalletAt?: string;
    /** Received in other currencies: not converted, so not counted above. */
    otherCurrencies: OtherCurrencyReceipts[];
  };
  /** Per kind, one paper, or a generated PDF in each language it exists in (papersIn picks the page's). */
  papers: Paper[];
  contact?: { name: string; whatsappUrl?: string };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
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
        return {
          key,
          done: shipment?.ata !== undefined || reached.has('Delivered'),
          date: shipment?.ata,
          expected: shipment?.eta,
        };
      case 'inspectionScheduled': {
        const status = STATUS_OF[key]!;
        return {
          key,
          done: reached.has(status),
          date: reachedAt(history, status),
          expected: order.inspectionDate ?? inspection?.inspectionDate ?? undefined,
        };
      }
      case 'inspected': {
        const status = STATUS_OF[key]!;
        return {
          key,
          done: reached.has(status),
          date: reachedAt(history, status),
          expected: order.inspectionDate ?? inspection?.inspectionDate ?? undefined,
        };
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
  // A cancelled order lists only the steps behind it: the rest will not come.
  const shown = cancelled ? views.slice(0, lastDone + 1) : views;
  return shown.map(({ done, ...view }, index) => {
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
  return [...inspections]
    .filter((i) => i.status !== 'Cancelled')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

function inspectionOf(input: TrackingPageInput): TrackingPageView['inspection'] {
  const inspection = latestInspection(input.inspections);
  const planned = inspection?.inspectionDate ?? input.order.inspectionDate ?? undefined;
  const inspectedAt = reachedAt(input.history, 'InspectionCompleted');
  if (!inspection) {
    // No record of it (staff moved the order): what the order's moves say.
    if (inspectedAt) return { state: 'completed', date: inspectedAt, photos: [] };
    return planned ? { state: 'scheduled', date: planned, photos: [] } : undefined;
  }
  const state =
    inspection.status === 'Completed' ? 'completed' : inspection.status === 'InProgress' ? 'in-progress' : 'scheduled';
  // Done: the day it was, not the day it was planned for. A completed inspection no longer
  // changes, so its last update is its completion where no completedAt was kept.
  const date = state === 'completed' ? (inspection.completedAt ?? inspection.updatedAt ?? inspectedAt) : planned;
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
  const confirmed = order.paidFromWallet
    ? order.totalAmount
    : sumMoney(inCurrency.filter((r) => r.status === 'Confirmed').map((r) => r.amount));
  const awaiting = order.paidFromWallet
    ? 0
    : sumMoney(inCurrency.filter((r) => r.status !== 'Confirmed').map((r) => r.amount));
  const cancelled = order.status === 'Cancelled';
  return {
    total: order.totalAmount,
    confirmed,
    awaitingConfirmation: awaiting,
    // A cancelled order asks for nothing more.
    remaining: cancelled ? 0 : Math.max(0, sumMoney([order.totalAmount, -confirmed])),
    currency: order.currency,
    paidFromWallet: order.paidFromWallet,
    ...(cancelled && order.paidFromWallet && order.refundedAt ? { refundedToWalletAt: order.refundedAt } : {}),
    otherCurrencies: otherCurrencyReceipts(input.receipts, order.currency),
  };
}

/** The newest first. */
const byNewest = <T extends { createdAt: string }>(a: T, b: T): number => b.createdAt.localeCompare(a.createdAt);

function papersOf(input: TrackingPageInput): TrackingPageView['papers'] {
  const papers: TrackingPageView['papers'] = [];
  const generated = (kind: PaperKind) => input.documents.filter((d) => d.type === kind).sort(byNewest);
  const contract = input.signedContract;
  if (contract?.url && isWebAddress(contract.url))
    papers.push({ kind: 'contract', url: contract.url, date: contract.signedAt, number: contract.contractNumber });
  else if (contract)
    for (const d of generated('contract'))
      papers.push({
        kind: 'contract',
        url: d.url,
        date: contract.signedAt,
        number: contract.contractNumber,
        ...(d.language ? { language: d.language } : {}),
      });
  for (const kind of ['proforma-invoice', 'customs-invoice'] as const)
    for (const d of generated(kind))
      papers.push({ kind, url: d.url, date: d.createdAt, ...(d.language ? { language: d.language } : {}) });
  const report = latestInspection(input.inspections)?.pdfReportUrl ?? undefined;
  if (isWebAddress(report)) papers.push({ kind: 'inspection-report', url: report });
  return papers;
}

/**
 * The generated PDFs the page may link: of each type it shows, the newest version in each
 * language (so a page in either language finds its own), and of contracts only the signed
 * one's (a contract generated before contracts were recorded on it counts as the signed one).
 */
export function documentsToLink<D extends { type: string; language: string; version: number; contractId?: string }>(
  documents: readonly D[],
  signedContractId: string | undefined,
): D[] {
  const shown = (d: D) =>
    d.type === 'proforma-invoice' ||
    d.type === 'customs-invoice' ||
    (d.type === 'contract' &&
      signedContractId !== undefined &&
      (d.contractId ?? signedContractId) === signedContractId);
  const newest = new Map<string, D>();
  for (const d of documents.filter(shown)) {
    const key = `${d.type} ${d.language}`;
    if ((newest.get(key)?.version ?? 0) < d.version) newest.set(key, d);
  }
  return [...newest.values()];
}

/**
 * The papers a page in `language` links: per kind, the newest in its language, else the newest
 * in another one (the page then says which), in the order a buyer needs them.
 */
export function papersIn(papers: readonly Paper[], language: PaperLanguage): Paper[] {
  return PAPER_KINDS.flatMap((kind) => {
    const ofKind = papers.filter((p) => p.kind === kind);
    const chosen = ofKind.find((p) => p.language === undefined || p.language === language) ?? ofKind[0];
    return chosen ? [chosen] : [];
  });
}

/** A WhatsApp chat with the marketer: wa.me takes the number in international form, digits only. */
function contactOf(marketer: TrackingPageInput['order']['marketer']): TrackingPageView['contact'] {
  if (!marketer) return undefined;
  const digits = marketer.mobileNumber?.replace(/\D/g, '') ?? '';
  return { name: marketer.name, ...(digits.length >= 8 ? { whatsappUrl: `https://wa.me/${digits}` } : {}) };
}

/** The order's stage as its badge names it: on its way only once it is shipped. */
function stageOf(status: OrderStatus): TrackingPageView['stage'] {
  switch (status) {
    case 'Shipped':
      return 'shipped';
    case 'Delivered':
      return 'delivered';
    case 'Cancelled':
      return 'cancelled';
    default:
      return 'in-progress';
  }
}

export function trackingPageView(input: TrackingPageInput): TrackingPageView {
  const { order } = input;
  const stage = stageOf(order.status);
  const shipment = order.shipment;
  const contact = contactOf(order.marketer);
  // A cancelled order's inspection is shown only if it was done: one booked will not happen.
  const inspection = ((found) => (stage === 'cancelled' && found?.state !== 'completed' ? undefined : found))(
    inspectionOf(input),
  );
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
