import type { Consignee } from './consignee.js';
import type { Courier, DocumentCourier } from './document-courier.js';
import type { OtherCurrencyReceipts } from './receipts.js';
import type { OrderStatus } from './order-lifecycle.js';
import type { Shipment } from './shipment.js';

/**
 * What the buyer's page is built from (the order's named fields) and what it shows (the view),
 * as types: tracking-view.ts makes the one from the other.
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
    /** The voyage, and whether the bill of lading's file is recorded (the buyer's consignee is then final). */
    shipment?: Voyage & { billOfLadingUrl?: string };
    /** Set by the move that cancelled a wallet-paid order and refunded its wallet (lib/use-cases/orders/change-order-status.ts). */
    refundedAt?: string;
    /** Who the car is consigned to, as the buyer or staff gave it. */
    consignee?: Consignee;
    /** How the original papers travel to the buyer. */
    documentCourier?: DocumentCourier;
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
  /** The consignee as the buyer sees it back: their e-mail is never shown, and of the ID number only its end. */
  consignee?: {
    name: string;
    address: string;
    city: string;
    country: string;
    phone: string;
    notifyParty?: string;
    idEnding: string;
    at: string;
  };
  /** Whether the buyer may give the consignee: `open` until the bill of lading, `locked` after, `none` on a cancelled order. */
  consigneeForm: 'open' | 'locked' | 'none';
  /** The original papers: a courier's parcel (with its tracking page when the courier has one), or a telex release. */
  courier?: { carrier: Courier; trackingNumber: string; sentAt: string; url?: string } | { telexRelease: true };
}
