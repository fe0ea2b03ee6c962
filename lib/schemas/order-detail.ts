import * as Type from '@sinclair/typebox';
import { EXPORT_STEPS } from '../domain/export-steps.js';
import { DateTime } from './common.js';
import { ImportCheck } from './import-rule-shapes.js';
import { Order, Status } from './order-shapes.js';
import { TrackingLinkShape } from './tracking.js';

/** What GET /orders/{id} answers (lib/schemas/orders.ts): the order with its money, papers and history. */
export const OrderDetail = Type.Composite(
  [
    Order,
    Type.Object({
      financialSummary: Type.Object({
        depositAmount: Type.Number(),
        depositCurrency: Type.String(),
        remainingAmount: Type.Number(),
        remainingCurrency: Type.String(),
        totalConfirmed: Type.Number(),
        refunded: Type.Optional(
          Type.Object(
            {
              amount: Type.Number(),
              currency: Type.String(),
              at: DateTime,
              to: Type.Literal('wallet', { description: "where it went: the customer's wallet" }),
            },
            {
              description:
                "money given back, with when: a wallet-paid order's amount, returned to the wallet when it was cancelled; absent when nothing was. totalConfirmed still counts what was received",
            },
          ),
        ),
        otherCurrencies: Type.Array(
          Type.Object({ currency: Type.String(), totalConfirmed: Type.Number(), awaitingConfirmation: Type.Number() }),
          {
            description:
              "receipts in currencies other than the order's, per currency: nothing is converted, so they are not in totalConfirmed or remainingAmount; listed so that no money received is left out",
          },
        ),
      }),
      signedContract: Type.Union([
        Type.Object({
          id: Type.String(),
          contractNumber: Type.Integer(),
          pdfUrl: Type.Union([Type.String(), Type.Null()]),
          signedAt: DateTime,
        }),
        Type.Null(),
      ]),
      inspection: Type.Union([
        Type.Object({
          id: Type.String(),
          status: Type.String(),
          inspectionDate: Type.Union([Type.String(), Type.Null()]),
          pdfReportUrl: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ]),
      customsInvoice: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
      trackingLink: Type.Union([TrackingLinkShape, Type.Null()], {
        description:
          "the buyer's page of this order (POST /orders/{id}/tracking-link replaces it); null for orders placed before the pages existed",
      }),
      customsDocuments: Type.Array(Type.Record(Type.String(), Type.Unknown())),
      recordableExportSteps: Type.Array(Type.Union(EXPORT_STEPS.map((step) => Type.Literal(step))), {
        description:
          "the export steps that may be recorded now (PUT /orders/{id}/export-steps/{step}): those of the order's status whose step before is recorded; one already recorded may be recorded again to correct it",
      }),
      documents: Type.Array(
        Type.Object({
          id: Type.String(),
          type: Type.String(),
          version: Type.Integer(),
          language: Type.String(),
          createdAt: Type.String(),
          url: Type.String(),
          urlExpiresAt: Type.String(),
        }),
        {
          description:
            'the latest version of each generated PDF, with a 15-minute download URL (every version: GET /orders/{id}/documents)',
        },
      ),
      importChecks: Type.Optional({
        ...ImportCheck,
        description:
          "the car judged by the destination's import rules in force now (GET /import-rules/{country}), as of the order's day; absent without destinationCountry",
      }),
      statusHistory: Type.Array(
        Type.Object({
          from: Type.Union([Status, Type.Null()]),
          to: Status,
          by: Type.String(),
          role: Type.String(),
          at: DateTime,
          note: Type.Optional(Type.String()),
          exportStep: Type.Optional(
            Type.Object(
              {
                step: Type.Union(EXPORT_STEPS.map((step) => Type.Literal(step))),
                date: Type.String({ format: 'date' }),
              },
              {
                description:
                  'on an entry that records an export step (the status stays): which step and its day, as the note says in English',
              },
            ),
          ),
        }),
      ),
    }),
  ],
  { title: 'OrderDetail' },
);
