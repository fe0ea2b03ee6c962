import { buyerMayChangeConsignee } from './consignee.js';
import { courierTrackingUrl } from './document-courier.js';
import { otherCurrencyReceipts } from './receipts.js';
import { sumMoney } from './money.js';
import type { OrderStatus } from './order-lifecycle.js';
import { latestInspection, milestonesOf, reachedAt } from './tracking-milestones.js';
import { isWebAddress, papersOf } from './tracking-papers.js';
import type { TrackingPageInput, TrackingPageView } from './tracking-view-shape.js';

/**
 * What the buyer's page shows of an order, as data: pure, so what is shown at each stage (and
 * what is never shown) is tested without a table or a browser. Built from named fields only:
 * nothing of the order reaches the page unless it is picked here, so staff notes, the audit
 * trail, other staff, other orders and the customer's ID number cannot leak through it.
 */

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const whole = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[, ]/g, '')) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
};

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

/** The consignee as the buyer reads it back: no e-mail, and the ID number's last four characters only. */
function consigneeOf(consignee: TrackingPageInput['order']['consignee']): TrackingPageView['consignee'] {
  if (!consignee) return undefined;
  return {
    name: consignee.name,
    address: consignee.address,
    city: consignee.city,
    country: consignee.country,
    phone: consignee.phone,
    ...(consignee.notifyParty ? { notifyParty: consignee.notifyParty } : {}),
    idEnding: consignee.idNumber.slice(-4),
    at: consignee.at,
  };
}

function courierOf(courier: TrackingPageInput['order']['documentCourier']): TrackingPageView['courier'] {
  if (!courier) return undefined;
  if ('telexRelease' in courier) return { telexRelease: true };
  const url = courierTrackingUrl(courier.carrier, courier.trackingNumber);
  return {
    carrier: courier.carrier,
    trackingNumber: courier.trackingNumber,
    sentAt: courier.sentAt,
    ...(url ? { url } : {}),
  };
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
    ...((c) => (c ? { consignee: c } : {}))(consigneeOf(order.consignee)),
    consigneeForm: stage === 'cancelled' ? 'none' : buyerMayChangeConsignee(shipment) ? 'open' : 'locked',
    // A cancelled order's papers will not travel.
    ...((c) => (c && stage !== 'cancelled' ? { courier: c } : {}))(courierOf(order.documentCourier)),
  };
}
