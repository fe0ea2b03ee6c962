/**
 * How the original papers (the bill of lading's originals, the invoice, the export certificate)
 * travel to the buyer: by an express courier, whose own page follows the parcel, or not at all
 * when the carrier releases the car by telex and the buyer has nothing to wait for.
 */
export const COURIERS = ['DHL', 'FedEx', 'Aramex', 'UPS', 'EMS', 'other'] as const;
export type Courier = (typeof COURIERS)[number];

export type DocumentCourier =
  | { carrier: Courier; trackingNumber: string; sentAt: string; at: string }
  | { telexRelease: true; at: string };

/** Each courier's public tracking page, the number put in its query; `other` has none. */
const TRACKING_PAGES: Record<Exclude<Courier, 'other'>, string> = {
  DHL: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  Aramex: 'https://www.aramex.com/us/en/track/results?mode=0&ShipmentNumber=',
  UPS: 'https://www.ups.com/track?tracknum=',
  EMS: 'https://service.epost.go.kr/trace.RetrieveEmsRigiTraceList.comm?POST_CODE=',
};

/** The courier's page for this parcel, or undefined for a courier without one (or no number). */
export function courierTrackingUrl(carrier: Courier, trackingNumber: string): string | undefined {
  const number = trackingNumber.replace(/\s+/g, '');
  if (carrier === 'other' || number === '') return undefined;
  return `${TRACKING_PAGES[carrier]}${encodeURIComponent(number)}`;
}
