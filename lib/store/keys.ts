/**
 * Single-table keys. Every item has pk/sk; items that need a second access path also carry
 * gsi1pk/gsi1sk (GSI1). Each access pattern is named next to the key builder that serves it.
 * One export per builder, imported as a namespace (`import * as keys from './keys.js'`), so that a
 * function's bundle keeps only the builders it calls. `<tenant>` is the tenant's id, or `NONE` for
 * the records of no tenant (platform staff, their keys and audit, platform customers and orders).
 *
 * | entity        | pk                      | sk                 | gsi1pk                   | gsi1sk              |
 * |---------------|-------------------------|--------------------|--------------------------|---------------------|
 * | tenant        | TENANT#<id>             | TENANT             | TENANTS                  | <name>              |
 * | tenant profile| TENANT#<id>             | PROFILE            | (the seller on the tenant's documents: legal names, address, bank, logo, stamp) |
 * | subdomain     | SUBDOMAIN#<sub>         | SUBDOMAIN          |                          |                     |
 * | api key       | APIKEY#<sha256>         | APIKEY             | APIKEYS                  | <createdAt>#<id>    |
 * |               |   gsi2: APIKEYS#T#<tenant> (a tenant's keys)   gsi3: APIKEYS#U#<userId> (a user's keys)      |
 * | api key ref   | APIKEYID#<id>           | REF                | (hash: find a key by its id)                   |
 * | key stamp     | APIKEYS#REVOCATION      | STAMP              | (version: bumped when a key stops working; lib/store/api-keys.ts) |
 * | customer      | CUSTOMER#<id>           | CUSTOMER           | PHONE#<e164>             | TENANT#<tenant>     |
 * |               |   gsi2: CUSTOMERS#T#<tenant>, sk <name, search form>#<id> (a tenant's customers by name)    |
 * | marketer link | CUSTOMER#<id>           | ACCESS#MARKETER#<m>|                          |                     |
 * |               |   gsi3: CUSTOMERS#M#<marketerId>, sk <name, search form>#<customerId> (a marketer's customers) |
 * | phone claim   | PHONE#<tenant>#<e164>   | PHONE              |                          |                     |
 * | wallet        | WALLET#<id>             | WALLET             |                          |                     |
 * | wallet entry  | WALLET#<id>             | TX#<seq, 12 digits>|                          |                     |
 * | counter       | COUNTER#<name>          | COUNTER            |                          |                     |
 * | invoice series| COUNTER#SERIES#<tenant>#<customs-invoice|proforma-invoice> | COUNTER (gapless: moved only with the order that takes the number) |
 * | rate counter  | RATE#<keyId>            | D#<yyyy-mm-dd>     | (day count + current second's window; expiresAt TTL) |
 * | fx rate       | FXRATE#<FROM>#<TO>      | FXRATE             | FXRATES                  | <FROM>#<TO>         |
 * | import rule   | IMPORTRULES#<tenant>    | COUNTRY#<CC>       | (a tenant's own rule for a destination; NONE: the platform's stored defaults) |
 * | idempotency   | IDEMPOTENCY#<keyId>#<k> | IDEMPOTENCY        |                          | (expiresAt TTL)     |
 * | car           | CAR#<id>                | CAR                |                          |                     |
 * | car reference | CARREF#<provider>#<adNo>| CARREF             |                          |                     |
 * | catalogue ptr | CATALOGUE               | SNAPSHOT           |                          |                     |
 * | feed file     | FEEDFILE#<id>           | FILE               | FEEDFILES#<provider>     | <receivedAt>#<id>   |
 * |               |   gsi2 while open (queued, importing, held): FEEDFILES#OPEN, sk <receivedAt>#<id>          |
 * | feed provider | FEEDPROVIDER#<provider> | STATUS / LOCK      | (last feeds and listed cars; the lock of the file being imported) |
 * | car order     | CARORDERS#<carId>       | ORDER#<orderId>    | (tenantId: who hears when the car is removed or repriced) |
 * | tracking link | TRACKING#<token sha256> | LINK               | (the order a buyer's page shows; expiresAt TTL once the order closed) |
 * | staff user    | USER#<id>               | USER               | USERS#<tenant>#<role>    | <id>                |
 * |               |   gsi2: USERS#T#<tenant>, sk <name, lower case>#<id> (a tenant's users by name)             |
 * | user phone    | USERPHONE#<tenant>#<e164>| USERPHONE         |                          |                     |
 * | outbox event  | OUTBOX#<id>             | EVENT              | OUTBOX#PARKED            | <parked at>#<id>    |
 * |               |   gsi10 while due: OUTBOX#DUE, sk <due at>#<id> (projecting id, orderId, orderSeq, status)    |
 * | outbox cursor | OUTBOX#ORDER#<orderId>  | CURSOR             | (delivered: an order's notifications done, in sequence) |
 * | chat log      | CHAT#LOG                | <createdAt>#<id>   | (local stack only: one hot partition, fine for a developer) |
 * | chat message  | CHATMSG#<whatsapp id>   | MESSAGE            | CHATMSGS#<orderId>       | <createdAt>#<id>    |
 * |               |   gsi2 while failed: CHATMSGS#FAILED#T#<tenant>, sk <createdAt>#<id> (a tenant's failed messages) |
 * | chat callback | CHATCB#<callback data>  | STATUS             | (statuses of a message whose id was never recorded; expiresAt TTL) |
 * | chat contact  | CHATCONTACT#<e164>      | CONTACT            | (last inbound message: the 24-hour window; opt-out) |
 * | chat inbound  | CHATIN#<whatsapp id>    | INBOUND            | (a webhook's message seen once; expiresAt TTL)  |
 * | audit record  | AUDIT#<tenant>          | <at>#<id>          | AUDIT#<tenant>#<entity>#<entityId> | <at>#<id> |
 * | order (head)  | ORDER#<id>              | ORDER              | (gsi5-8 only: the lists, projecting keys and tenantId/customerId) |
 * |               |   gsi5: ORDERS#T#<tenant|NONE>  gsi6: ORDERS#M#<marketerId>  gsi7: ORDERS#C#<customerId>  gsi8: ORDERS (all), sk <createdAt>#<id> |
 * |               |   gsi9: ORDERS#S#<tenant|NONE>#<status>, sk <createdAt>#<id> (a tenant's orders of a status; moved with every status move) |
 * | order part    | ORDER#<id>              | ORDER#EXPORT, #CUSTOMS, #DOCUMENTS, #ARCHIVE | (the bulky parts, each its own item) |
 * | order history | ORDER#<id>              | HISTORY#<at>#<id>  |                          |                     |
 * | order number  | ORDERNO#<number>        | REF                | (orderId, tenantId: open an order by its number; numbers are unique) |
 * | billing entry | ORDER#<orderId>         | BILLING#<id>       |                          |                     |
 * |               |   gsi2 while Pending: BILLING#PENDING#T#<tenant>, sk <createdAt>#<id> (the entries to confirm) |
 * | contract      | ORDER#<orderId>         | CONTRACT#<id>      |                          |                     |
 * | inspection    | ORDER#<orderId>         | INSPECTION#<id>    |                          |                     |
 * | child ref     | <KIND>#<id>             | REF                | (orderId: find a billing entry/contract/inspection by id) |
 * | deadline      | DEADLINES#<tenant|NONE> | <due>#<orderId>#<kind> | (an open export deadline: load-by, completion-report) |
 * | event (feed)  | EVENTS#<tenant|NONE>    | <timestamp>#<id>   | (what integrators hear about, in order; expiresAt TTL 35 days) |
 * | webhook endpt | WEBHOOK#<id>            | ENDPOINT           | WEBHOOKS#T#<tenant|NONE> | <createdAt>#<id>    |
 * |               |   gsi2: WEBHOOKS (every endpoint, for the sweeper), sk <id>                               |
 * | webhook cursor| WEBHOOK#<id>            | CURSOR             | (how far the endpoint has read the feed; its delivery lease) |
 * | delivery      | WEBHOOK#<endpointId>    | DELIVERY#<eventId> | WHPENDING#<endpointId>   | <event sk>          |
 * |               |   gsi2: WHDELIVERIES#<endpointId>, sk <timestamp>#<eventId>   gsi3: WHFAILED#<endpointId>, sk <failedAt>#<eventId> |
 *
 * The order detail is one Query of the ORDER#<id> partition: the order and everything hung on it.
 */

export { subdomain, tenant, tenantIndex, tenantList } from './records/tenant.js';
export { tenantProfile } from './records/tenant-profile.js';

export {
  apiKey,
  apiKeyIndex,
  apiKeyList,
  apiKeyReference,
  apiKeysOfTenant,
  apiKeysOfTenantIndex,
  apiKeysOfUser,
  apiKeysOfUserIndex,
} from './records/api-key.js';
export { customer, customerAccess, customerPhoneIndex, phoneClaim } from './records/customer.js';
export {
  customerNameIndex,
  customersOfMarketer,
  customersOfTenant,
  marketerCustomerIndex,
} from './records/customer-lists.js';
export { billingToConfirm, pendingBillingIndex } from './records/billing-queue.js';
export { inspectionAgendaIndex, inspectionsOf } from './records/inspection-agenda.js';
export { orderNumberRef } from './records/order-number.js';
export { wallet } from './records/wallet.js';
export { walletEntry } from './records/wallet-entry.js';
/** Sequential numbers (orderNumber, contractNumber) from an atomic ADD. */
export const counter = (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' });
export { rateQuota } from './records/rate-counter.js';
export { fxRate, fxRateIndex, fxRateList } from './records/fx-rate.js';
export { importRule, importRules } from './records/import-rule.js';
export { idempotency } from './records/idempotency.js';
export { car, carReference } from './records/car.js';
export { cataloguePointer } from './records/catalogue-pointer.js';
export {
  carOrder,
  carOrders,
  feedFile,
  feedFileIndex,
  feedLock,
  feedProvider,
  OPEN_FEED_FILES,
  openFeedFileIndex,
} from './records/feed-file.js';
export { staffIndex, staffOf, user, userPhoneClaim, usersOfTenant, usersOfTenantIndex } from './records/user.js';
export {
  outboxDue,
  outboxDueList,
  outboxEvent,
  outboxOrderCursor,
  outboxParked,
  outboxParkedList,
} from './records/outbox-event.js';
export { chatLogEntry, chatLogPartition } from './records/chat-log-entry.js';
export { trackingLink } from './records/tracking-link.js';
export {
  chatCallback,
  chatMessage,
  chatMessageOfOrder,
  chatMessagesOfOrder,
  failedChatMessageIndex,
  failedChatMessages,
} from './records/chat-message.js';
export { chatContact, chatInbound } from './records/chat-contact.js';
export { auditBetween, auditOfEntity, auditOfEntityPartition, auditPartition, auditRecord } from './records/audit.js';
export {
  allOrders,
  createdBetween,
  order,
  orderHistory,
  orderIndexes,
  orderItemsPrefix,
  orderListIndexes,
  orderPart,
  orderPartition,
  ordersOfCustomer,
  ordersOfMarketer,
  ordersOfStatus,
  ordersOfTenant,
  orderStatusIndex,
  orderStatusList,
} from './records/order.js';
export { childReference, orderChild } from './records/order-children.js';
export { exportDeadline, exportDeadlines } from './records/export-deadline.js';
export { event, eventFeed } from './records/integrator-event.js';
export {
  allWebhookEndpoints,
  webhookCursor,
  webhookEndpoint,
  webhookEndpointIndexes,
  webhookEndpointsOf,
} from './records/webhook-endpoint.js';
export { webhookDeliveries, webhookDelivery, webhookFailed, webhookPending } from './records/webhook-delivery.js';
