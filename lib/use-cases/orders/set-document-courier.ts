import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import type { DocumentCourier } from '../../domain/document-courier.js';
import { AppError, validationError } from '../../domain/errors.js';
import { isLoaded } from '../../domain/shipment.js';
import type { ExpectedVersion } from '../../domain/versioning.js';
import type { setDocumentCourier as Route } from '../../schemas/consignee.js';
import { editOrder } from './edit-order.js';
import { orderView, type OrderView } from './order-view.js';

type Body = Static<NonNullable<(typeof Route)['body']>>;

const PARCEL_EXAMPLE = 'e.g. {"carrier": "DHL", "trackingNumber": "1234567890", "sentAt": "2026-11-28"}';

/** The courier the body names, or a telex release: one or the other, whole. */
function courierOf(body: Body, at: string): DocumentCourier {
  const parcel = (['carrier', 'trackingNumber', 'sentAt'] as const).filter((field) => body[field] !== undefined);
  if (body.telexRelease) {
    if (parcel.length > 0)
      throw validationError(
        parcel.map((field) => ({
          field,
          message: `must be left out with telexRelease: a telex release sends no papers, e.g. {"telexRelease": true}`,
        })),
      );
    return { telexRelease: true, at };
  }
  const { carrier, trackingNumber, sentAt } = body;
  if (carrier === undefined || trackingNumber === undefined || sentAt === undefined)
    throw validationError(
      (['carrier', 'trackingNumber', 'sentAt'] as const)
        .filter((field) => body[field] === undefined)
        .map((field) => ({
          field,
          message: `is required: the parcel's carrier, tracking number and day sent, ${PARCEL_EXAMPLE}, or send {"telexRelease": true}`,
        })),
    );
  // The day somewhere on Earth now (UTC+14 at the most), so a parcel sent this morning in Seoul is not "tomorrow".
  const latestDay = new Date(Date.parse(at) + 14 * 3_600_000).toISOString().slice(0, 10);
  if (sentAt > latestDay)
    throw validationError([
      { field: 'sentAt', message: `must not be in the future: the day the parcel left, ${PARCEL_EXAMPLE}` },
    ]);
  return { carrier, trackingNumber: trackingNumber.trim(), sentAt, at };
}

/** PUT /orders/{id}/document-courier: how the original papers travel to the buyer, once the bill of lading exists. */
export async function setDocumentCourier(
  caller: Caller,
  id: string,
  body: Body,
  expected: ExpectedVersion | undefined,
): Promise<OrderView> {
  const documentCourier = courierOf(body, new Date().toISOString());
  const order = await editOrder(caller, id, expected, 'documentCourier.set', (current) => {
    if (!isLoaded(current.shipment))
      throw new AppError(
        'INVALID_STATE',
        `Order ${current.orderNumber} has no bill of lading yet: the original papers are sent after it is recorded`,
        [
          {
            field: 'id',
            message:
              'must name an order whose shipment has its bill of lading: record billOfLadingNumber and billOfLadingUrl with PATCH /orders/{id}/shipment first, e.g. {"billOfLadingNumber": "HDMUINC1234567", "billOfLadingUrl": "https://files.example.com/bl-1042.pdf"}',
          },
        ],
      );
    return { documentCourier };
  });
  return orderView(order, caller);
}
