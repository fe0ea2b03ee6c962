import { lifecycleSteps } from '../domain/order-lifecycle.js';

/** The reference's front page (OpenAPI info.description, Markdown): a newcomer's path to a delivered order. */
const lifecycleTable = [
  '| status | progress | moved there by | requires | next |',
  '|---|---|---|---|---|',
  ...lifecycleSteps().map((step) => {
    const next = step.next.join(', ') || '(final)';
    const wallet = step.nextWhenWalletPaid.join(', ') !== step.next.join(', ') ? ` (wallet-paid: ${step.nextWhenWalletPaid.join(', ')})` : '';
    return `| ${step.status} | ${step.progress} | ${step.movedBy} | ${step.requires.join('; ') || '-'} | ${next}${wallet} |`;
  }),
].join('\n');

export const GUIDE = `Buy used cars from Korean auction providers for customers abroad: customers and their wallets, orders and their lifecycle, contracts, invoices and receipts, inspections, customs data, chat notifications and a car catalogue priced for your tenant.

## Getting started

Every call sends your key in the \`X-API-Key\` header. On the local stack \`npm start\` prints demo keys; in production an admin of your tenant issues keys with \`POST /api/v1/api-keys\`. Below, \`$API\` is this server (see *Servers*) and \`$KEY\` your key.

**1. Register the customer** (their mobile number with its country code; it is unique in your tenant):

\`\`\`sh
curl -s -X POST "$API/api/v1/customers" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"name": "Layla Haddad", "mobileNumber": "+971501234567", "country": "AE"}'
\`\`\`

The answer's \`data.id\` is the customer id. Find a customer later with \`GET /api/v1/customers/search?phone=%2B971501234567\` (write the \`+\` as \`%2B\` in a query string).

**2. Place the order** (send an \`Idempotency-Key\` so a retry never makes a second order):

\`\`\`sh
curl -s -X POST "$API/api/v1/orders" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: first-order-0001" \\
  -d '{"customerId": "<customer id>", "totalAmount": 18500, "currency": "USD", "carDetails": {"makeEn": "Kia", "modelEn": "Sorento", "year": 2022}}'
\`\`\`

The order starts at \`DepositSubmitted\` with \`version\` 1; its \`allowedStatusTransitions\` say where it can go next. Pick cars from \`GET /api/v1/cars\` and pass \`carId\` to copy the car into the order.

**3. Record the deposit receipt**, then have a second person confirm it if your tenant asks for one:

\`\`\`sh
curl -s -X POST "$API/api/v1/billing" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"orderId": "<order id>", "type": "receipt", "amount": 2000, "currency": "USD", "description": "Deposit"}'
curl -s -X PATCH "$API/api/v1/billing/<receipt id>/confirm" -H "X-API-Key: $KEY"
\`\`\`

**4. Move the order along its lifecycle.** Ask first what is possible: \`reachableNow\` lists the moves nothing blocks, \`blocked\` the ones waiting on a requirement.

\`\`\`sh
curl -s -X POST "$API/api/v1/orders/<order id>/validate-transition" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"targetStatus": "DepositConfirmed"}'
curl -s -X PATCH "$API/api/v1/orders/<order id>/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "1"' -d '{"status": "DepositConfirmed"}'
\`\`\`

Each move needs the version you read (the \`ETag\` of \`GET /api/v1/orders/{id}\`, sent as \`If-Match\`, or \`version\` in the body); if someone changed the order since, you get 412 (or 409 for body.version) with the current version in \`details\`. Then schedule and complete the inspection (\`POST /api/v1/inspections\`), make and sign the contract (\`POST /api/v1/contracts\`, \`POST /api/v1/contracts/{id}/send\`, \`PATCH /api/v1/contracts/{id}/sign\`), record and confirm the payment, store the customs invoice, record the export steps and the shipment (\`PUT /api/v1/orders/{id}/export-steps/{step}\`, \`PATCH /api/v1/orders/{id}/shipment\`: its bill of lading before \`Shipped\`, its arrival before \`Delivered\`), and move the order to \`Delivered\`. The customer and your staff hear of each step on WhatsApp; \`GET /api/v1/orders/{id}/notifications\` shows what was sent and delivered.

## The order lifecycle

A wallet-paid order (\`useWalletBalance: true\`) starts at \`InspectionScheduled\` and skips the payment steps. Admin keys may make every move.

${lifecycleTable}

## Responses and errors

Success: \`{"success": true, "data": ..., "meta"?: {...}}\` (201 for creations, 200 otherwise).
Error: \`{"success": false, "error": "<what went wrong>", "statusCode": 400, "code": "VALIDATION_ERROR", "details": [{"field": "body.mobileNumber", "message": "must be a phone number with its country code, e.g. +971501234567"}]}\`.

\`details\` has one shape on every code: a list of problems, each with a plain \`message\`, the \`field\` it concerns when there is one (\`body.x\`, \`query.x\`, \`path.x\`, or a header), and the facts a client can act on (\`currentVersion\`, \`missingRequirements\`, \`balance\`, \`allowedRoles\`...). It is left out when the message says it all. A request with several problems gets them all in one answer. Each operation below lists the codes it can answer.

## Events: webhooks and the feed

Instead of polling \`GET /orders/{id}\`, hear of changes as they happen. Every change records an event in the same transaction: \`order.created\`, \`order.status_changed\`, \`order.updated\`, \`order.pictures_archived\`, \`order.pictures_archive_failed\`, \`contract.sent\`, \`contract.signed\`, \`billing_entry.created\`, \`billing_entry.confirmed\`, \`inspection.created\`, \`inspection.status_changed\`, \`wallet.transaction_created\`. Each carries \`data.object\`, the resource as its GET returns it; the Webhooks section of this reference shows every payload.

- **Webhooks**: an admin registers a URL (\`POST /api/v1/webhook-endpoints\`) and keeps the \`secret\` it answers. Deliveries follow [Standard Webhooks](https://www.standardwebhooks.com): \`webhook-id\` (the event id: drop one you already handled), \`webhook-timestamp\`, \`webhook-signature\`. Verify with any Standard Webhooks library, e.g. in Node:

  \`\`\`js
  import { Webhook } from 'standardwebhooks';
  const wh = new Webhook(process.env.WEBHOOK_SECRET);          // whsec_...
  app.post('/hook', express.text({ type: '*/*' }), (req, res) => {
    const event = wh.verify(req.body, req.headers);          // throws if forged or older than 5 minutes
    res.sendStatus(204);                                        // then handle event.type, event.data.object
  });
  \`\`\`

  Answer any 2xx within 10 seconds. Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (about 27.6 hours, 8 attempts), then the delivery is \`failed\`; replay it once fixed. One resource's events arrive in the order they happened: the next waits while an earlier one is retried. An endpoint that has failed every attempt for 5 days is disabled, and the tenant's admins and operations staff are told on WhatsApp. Every attempt (status, latency, error) is in \`GET /webhook-endpoints/{id}/deliveries\`.
- **The feed**: \`GET /api/v1/events?after=<meta.nextCursor>\` answers the same events, 30 days of them, each once per cursor chain; an empty page means you are up to date.

## Lists, versions, limits

- Lists answer \`meta\` with \`page\`, \`limit\` and, on the order list, an opaque \`nextCursor\` that reads only the next page.
- Orders and contracts carry a \`version\` (also their \`ETag\`) raised by every change: order status moves, the notification toggle, customs edits, export steps and shipment changes; contract edits, sends and signatures.
- Each key has a rate and a daily quota: over them you get 429 with \`Retry-After\` (seconds).
`;

export const TAGS = [
  { name: 'Customers', description: 'The people you buy cars for; each has a wallet.' },
  { name: 'Wallets', description: 'Prepaid balances: credits, debits, adjustments and refunds, in the wallet currency.' },
  { name: 'Cars', description: 'The catalogue from the Korean auctions, priced for your tenant.' },
  { name: 'Orders', description: 'An order follows the lifecycle on the front page.' },
  { name: 'Export', description: 'Between Purchased and Delivered: export steps, the shipment, and the deadlines they start.' },
  { name: 'Documents', description: 'PDFs of an order: the customs invoice in English or Arabic, a proforma invoice, the contract.' },
  { name: 'Contracts', description: 'Sales contracts: drafted from the order, sent on WhatsApp, signed.' },
  { name: 'Billing', description: 'Invoices and receipts; confirmed receipts unlock lifecycle steps.' },
  { name: 'Inspections', description: 'Inspections of the car before purchase.' },
  { name: 'Users', description: 'Your staff (admin keys only).' },
  { name: 'API keys', description: 'Issue, rotate and revoke keys (admin keys only).' },
  { name: 'Audit', description: 'Who changed what (admin keys only).' },
  { name: 'Documentation', description: 'This reference.' },
  { name: 'Webhooks', description: 'Endpoints of yours that receive signed events (admin keys only); the events themselves are under Webhooks in the navigation.' },
  { name: 'Events', description: 'The same events as a feed, for integrators who cannot receive webhooks.' },
  { name: 'WhatsApp', description: "WhatsApp's calls to this service (not for integrators)." },
];
