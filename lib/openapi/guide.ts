import { lifecycleSteps } from '../domain/order-lifecycle.js';

/** What each requirement asks for, in a few words (the API's own messages say it in full). */
const NEEDS: Record<string, string> = {
  CONFIRMED_RECEIPT_REQUIRED: 'a Confirmed receipt',
  INSPECTION_DATE_REQUIRED: '`inspectionDate` (in the move, on the order, or on its inspection)',
  COMPLETED_INSPECTION_REQUIRED: 'a Completed inspection',
  SIGNED_CONTRACT_REQUIRED: 'a Signed contract',
  PAYMENT_NOT_COVERED: 'Confirmed receipts covering `totalAmount`',
  CUSTOMS_INVOICE_REQUIRED: 'the customs invoice',
  BILL_OF_LADING_REQUIRED: 'the bill of lading',
  ARRIVAL_REQUIRED: 'the arrival (`ata`)',
};

/** The order lifecycle as the reference's front page shows it: one row per status, four short columns. */
const lifecycleTable = (() => {
  const rows = lifecycleSteps().map((step) => {
    const needs = step.requires.map((r) => NEEDS[r.code] ?? r.message);
    return `| ${step.status} | ${step.progress} | ${step.movedBy} | ${needs.join(', ') || '-'} |`;
  });
  return ['| status | progress | who moves it there | what it needs |', '|---|---|---|---|', ...rows].join('\n');
})();

/**
 * The reference's front page (OpenAPI info.description, Markdown): a newcomer's path to a
 * delivered order. Its `sh` blocks run as written, in order, against the local stack
 * (tests/e2e/getting-started.test.ts runs them), so keep every line runnable.
 */
export const GUIDE = `Buy used cars from Korean auction providers for customers abroad: customers and their wallets, orders and their lifecycle, contracts, invoices and receipts, inspections, customs data, chat notifications and a car catalogue priced for your tenant.

## Getting started

Every call sends your key in the \`X-API-Key\` header; in production an admin of your tenant issues keys with \`POST /api/v1/api-keys\`. Below, \`$API\` is this server (see *Servers*) and \`$KEY\` your key. On the local stack, run these lines from the checkout while \`npm start\` runs: it notes its port in \`.local/stack.json\` and its demo keys in \`.local/demo-keys.json\`. The demo tenant's admin key may make every move; in your tenant each move belongs to a role (see the lifecycle below). The lines need \`curl\` and \`jq\`.

\`\`\`sh
API=http://localhost:$(jq .ports.http .local/stack.json)
KEY=$(jq -r '.[] | select(.label == "Gulf Motors admin") | .key' .local/demo-keys.json)
\`\`\`

**1. Register the customer** (the mobile number with its country code; it is unique in your tenant, so a second run needs another one). \`jq\` keeps the answer's \`data.id\`; \`'$CUSTOMER'\` below closes the single quotes around the JSON to put the id in. Find a customer later by phone (write the \`+\` as \`%2B\`):

\`\`\`sh
CUSTOMER=$(curl -s -X POST "$API/api/v1/customers" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"name": "Layla Haddad", "mobileNumber": "+971502468135", "country": "AE", "idNumber": "P4471029"}' | jq -r .data.id)
curl -s "$API/api/v1/customers/search?phone=%2B971502468135" -H "X-API-Key: $KEY"
\`\`\`

**2. Place the order** (an \`Idempotency-Key\` makes a retry return the first answer instead of a second order). It starts at \`DepositSubmitted\` with \`version\` 1; \`allowedStatusTransitions\` says where it can go next. Pick cars from \`GET /api/v1/cars\` and pass \`carId\` to copy one into the order.

\`\`\`sh
ORDER=$(curl -s -X POST "$API/api/v1/orders" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: first-order-$CUSTOMER" \\
  -d '{"customerId": "'$CUSTOMER'", "totalAmount": 18500, "currency": "USD", "carDetails": {"makeEn": "Kia", "modelEn": "Sorento", "year": 2022}}' | jq -r .data.id)
\`\`\`

**3. Record the deposit receipt and confirm it** (an accountant's step; a tenant can require that someone other than the recorder confirms):

\`\`\`sh
RECEIPT=$(curl -s -X POST "$API/api/v1/billing" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"orderId": "'$ORDER'", "type": "receipt", "amount": 2000, "currency": "USD", "description": "Deposit"}' | jq -r .data.id)
curl -s -X PATCH "$API/api/v1/billing/$RECEIPT/confirm" -H "X-API-Key: $KEY"
\`\`\`

**4. Move the order.** Ask first what is possible: \`reachableNow\` lists the moves nothing blocks, \`blocked\` the ones waiting on a requirement. A move names the version it was planned on, as \`If-Match\` (the \`ETag\` of your last read) or as \`version\` in the body; every change raises it by one, and the answer carries the new one. If someone changed the order since, you get 412 (409 for \`version\`) with the current version in \`details\`.

\`\`\`sh
curl -s -X POST "$API/api/v1/orders/$ORDER/validate-transition" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"targetStatus": "DepositConfirmed"}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "1"' -d '{"status": "DepositConfirmed"}'
\`\`\`

**5. Schedule and complete the inspection** (operations schedule it with an inspector's user id; the inspector moves it to \`InProgress\` and \`Completed\`, then the order):

\`\`\`sh
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "2"' -d '{"status": "InspectionScheduled", "inspectionDate": "2026-12-01T10:00:00Z"}'
INSPECTOR=$(curl -s "$API/api/v1/users?role=inspector" -H "X-API-Key: $KEY" | jq -r '.data[0].id')
INSPECTION=$(curl -s -X POST "$API/api/v1/inspections" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"orderId": "'$ORDER'", "inspectorId": "'$INSPECTOR'", "inspectionDate": "2026-12-01T10:00:00Z"}' | jq -r .data.id)
curl -s -X PATCH "$API/api/v1/inspections/$INSPECTION/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"status": "InProgress"}'
curl -s -X PATCH "$API/api/v1/inspections/$INSPECTION/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"status": "Completed", "notes": "No accident history", "pdfReportUrl": "https://files.example.com/inspections/report-1.pdf"}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "3"' -d '{"status": "InspectionCompleted"}'
\`\`\`

**6. Make, send and sign the contract.** It is drafted from the order and its customer; sending puts it on the customer's WhatsApp with your signing link:

\`\`\`sh
CONTRACT=$(curl -s -X POST "$API/api/v1/contracts" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"orderId": "'$ORDER'", "customerName": "Layla Haddad", "terms": "Payment in full before shipping."}' | jq -r .data.id)
curl -s -X POST "$API/api/v1/contracts/$CONTRACT/send" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"phone": "+971502468135", "signingLink": "https://sign.example.com/c/1"}'
curl -s -X PATCH "$API/api/v1/contracts/$CONTRACT/sign" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"signedDocument": {"url": "https://files.example.com/contracts/c-1-signed.pdf"}}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "4"' -d '{"status": "ContractSigned"}'
\`\`\`

**7. Take the payment and buy the car**: the payment is submitted, its receipt recorded and confirmed (receipts must cover \`totalAmount\`), then the car is bought at the auction:

\`\`\`sh
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "5"' -d '{"status": "PaymentSubmitted"}'
PAYMENT=$(curl -s -X POST "$API/api/v1/billing" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -d '{"orderId": "'$ORDER'", "type": "receipt", "amount": 16500, "currency": "USD", "description": "Balance"}' | jq -r .data.id)
curl -s -X PATCH "$API/api/v1/billing/$PAYMENT/confirm" -H "X-API-Key: $KEY"
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "6"' -d '{"status": "PaymentConfirmed"}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "7"' -d '{"status": "Purchased"}'
\`\`\`

**8. Export and ship it.** The customs invoice, the export steps in Korea (dates are days that have happened, in your tenant's time zone), the booking with its bill of lading before \`Shipped\`, the arrival before \`Delivered\`. Each of these changes raises the order's version too:

\`\`\`sh
TODAY=$(date -u +%F)
curl -s -X PATCH "$API/api/v1/orders/$ORDER/customs-invoice" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "8"' -d '{"buyerName": "Layla Haddad", "items": [{"description": "Kia Sorento 2022", "amount": 18500}], "currency": "USD"}'
curl -s -X PUT "$API/api/v1/orders/$ORDER/export-steps/deregistration" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "9"' -d '{"date": "'$TODAY'", "documentUrl": "https://files.example.com/export/dereg-1.pdf"}'
curl -s -X PUT "$API/api/v1/orders/$ORDER/export-steps/bonded-area" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "10"' -d '{"date": "'$TODAY'", "location": "Incheon bonded yard"}'
curl -s -X PUT "$API/api/v1/orders/$ORDER/export-steps/export-declaration" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "11"' -d '{"date": "'$TODAY'", "number": "12345-26-000123X"}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/shipment" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "12"' -d '{"method": "roro", "bookingNumber": "BK-55121", "carrier": "Hyundai Glovis", "portOfLoading": "KRPTK", "portOfDischarge": "AEJEA", "billOfLadingNumber": "BL-77", "billOfLadingUrl": "https://files.example.com/export/bl-77.pdf", "atd": "'$TODAY'"}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "13"' -d '{"status": "Shipped"}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/shipment" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "14"' -d '{"ata": "'$TODAY'"}'
curl -s -X PATCH "$API/api/v1/orders/$ORDER/status" -H "X-API-Key: $KEY" -H "Content-Type: application/json" \\
  -H 'If-Match: "15"' -d '{"status": "Delivered"}'
\`\`\`

**9. Read it back**: the order is \`Delivered\` (progress 100, \`isTerminal\` true). The customer and your staff heard of each step on WhatsApp; the notifications list shows what was sent and whether it was delivered:

\`\`\`sh
curl -s "$API/api/v1/orders/$ORDER" -H "X-API-Key: $KEY" | jq '.data | {orderNumber, status, progress, version}'
curl -s "$API/api/v1/orders/$ORDER/notifications" -H "X-API-Key: $KEY" | jq '[.data[] | {event, audience, status}]'
\`\`\`

## The order lifecycle

Statuses in order; \`Delivered\` and \`Cancelled\` are final. Admin keys may make every move. An order can be cancelled from any status before \`Purchased\`. A wallet-paid order (\`useWalletBalance: true\`) starts at \`InspectionScheduled\` and goes from \`ContractSigned\` straight to \`Purchased\`.

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

  Answer any 2xx within 10 seconds. Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (about 27.6 hours, 8 attempts): meanwhile the delivery is \`retrying\`, with \`nextAttemptAt\` (when the next attempt goes out) and \`lastError\` (what the last one got); after the last attempt it is \`failed\`. Once your receiver is fixed, replay one (\`POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay\`: a retrying one is tried at once, in its turn, rather than at its next attempt), or every failed one since a time (\`POST /api/v1/webhook-endpoints/{id}/replay\`); \`GET /api/v1/webhook-endpoints/{id}/deliveries?status=retrying\` (or \`failed\`) lists them. One resource's events arrive in the order they happened: the next waits while an earlier one is retried. An endpoint that has failed every attempt for 5 days is disabled, and the tenant's admins and operations staff are told on WhatsApp. Every attempt (status, latency, error) is in \`GET /webhook-endpoints/{id}/deliveries\`. An endpoint you no longer need is deleted with \`DELETE /api/v1/webhook-endpoints/{id}\`: nothing more is delivered to it, and its delivery log is kept.
- **The feed**: \`GET /api/v1/events?after=<meta.nextCursor>\` answers the same events, 30 days of them, each once per cursor chain; an empty page means you are up to date.

## Lists, versions, limits

- The lists paged by cursor (orders, customers, the billing queue, failed notifications, the audit trail, webhook deliveries) answer \`meta\` with \`limit\` and an opaque \`nextCursor\` that reads only the next page: pass it as \`cursor\`; it is absent on the last page. The order list also takes \`page\` (its \`meta\` then gives \`page\`, \`total\` and \`totalPages\`); the car list is paged by \`page\` alone. The event feed always gives \`nextCursor\` (pass it as \`after\`), since new events can follow.
- Orders and contracts carry a \`version\` (also their \`ETag\`) raised by every change: order status moves, the notification toggle, customs edits, export steps, shipment changes and generated documents (a PDF is listed on the order); contract edits, sends and signatures.
- Each key has a rate and a daily quota: over them you get 429 with \`Retry-After\` (seconds).
`;

export const TAGS = [
  { name: 'Customers', description: 'The people you buy cars for; each has a wallet.' },
  {
    name: 'Wallets',
    description: 'Prepaid balances: credits, debits, adjustments and refunds, in the wallet currency.',
  },
  { name: 'Cars', description: 'The catalogue from the Korean auctions, priced for your tenant.' },
  {
    name: 'Catalogue feeds',
    description: "Providers' feed files and what each import did; held full lists (platform admins only).",
  },
  { name: 'Orders', description: 'An order follows the lifecycle on the front page.' },
  {
    name: 'Export',
    description: 'Between Purchased and Delivered: export steps, the shipment, and the deadlines they start.',
  },
  {
    name: 'Documents',
    description: 'PDFs of an order: the customs invoice in English or Arabic, a proforma invoice, the contract.',
  },
  { name: 'Contracts', description: 'Sales contracts: drafted from the order, sent on WhatsApp, signed.' },
  { name: 'Billing', description: 'Invoices and receipts; confirmed receipts unlock lifecycle steps.' },
  { name: 'Inspections', description: 'Inspections of the car before purchase.' },
  { name: 'Users', description: 'Your staff (admin keys only).' },
  { name: 'API keys', description: 'Issue, rotate and revoke keys (admin keys only).' },
  { name: 'Audit', description: 'Who changed what (admin keys only).' },
  { name: 'Documentation', description: 'This reference.' },
  {
    name: 'Webhooks',
    description:
      'Endpoints of yours that receive signed events (admin keys only); the events themselves are under Webhooks in the navigation.',
  },
  { name: 'Events', description: 'The same events as a feed, for integrators who cannot receive webhooks.' },
  { name: 'WhatsApp', description: "WhatsApp's calls to this service (not for integrators)." },
  {
    name: 'Buyer',
    description:
      "The buyer's own page of their order, opened from the link in their WhatsApp messages (HTML, no key; POST /orders/{id}/tracking-link replaces the link).",
  },
];
