import type { Static } from '@sinclair/typebox';
import { withPictureUrls } from '../archive/picture-url.js';
import type { Caller } from '../domain/caller.js';
import { contractTemplateKey, isChatLanguage, templateParameter, type ChatLanguage } from '../text/chat-templates.js';
import { CONTRACT_SENDABLE, CONTRACT_SIGNABLE, type ContractStatus } from '../domain/documents.js';
import { channelDispatchFailed, invalidField, invalidState, notFound, validationError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { normalizePhone } from '../domain/phone.js';
import { scopeOf } from '../domain/scope.js';
import { checkExpectedVersion, type ExpectedVersion } from '../domain/versioning.js';
import { storableJsonProblems } from '../domain/storable-json.js';
import { log } from '../logger.js';
import { chatChannel } from '../notify/channel.js';
import { ChannelError, type ChatMessage } from '../notify/message.js';
import { renderMessage, templateMessage } from '../notify/templates.js';
import type { createContract as CreateRoute, SalesContract, sendContract as SendRoute, updateContract as UpdateRoute } from '../schemas/contracts.js';
import { listChildren, orderStillThere, putChildItems, updateChild, updateChildItem } from '../store/order-children.js';
import { CONTRACT_COUNTER, getOrder, takeNextNumber, takeNotificationSeq, type OrderRecord } from '../store/orders.js';
import { newOutboxEvent, outboxPutItem } from '../store/outbox.js';
import { allOf } from '../store/expressions.js';
import { transact } from '../store/transact.js';
import { chatMessagePutItem } from '../store/chat-messages.js';
import { chatLanguagesOf, getOrderCustomer, type CustomerRecord } from '../store/customers.js';
import { auditItem } from './shared/audit.js';
import { childInScope, ensureOrderAccepts, orderInScopeOrNotFound } from './shared/order-children.js';
import { RETRY, withRetries } from './shared/retry.js';
import { eventItem } from './shared/event-items.js';

type ContractRecord = Static<typeof SalesContract> & { tenantId?: string; marketerId?: string };
type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type UpdateBody = Static<NonNullable<(typeof UpdateRoute)['body']>>;
type SendBody = Static<NonNullable<(typeof SendRoute)['body']>>;

const SIGNED_DOCUMENT_MAX_BYTES = 64 * 1024;
const CAR_DETAILS_MAX_BYTES = 16 * 1024;
const ID_DOCUMENT_MAX_BYTES = 4 * 1024;

// Contracts written before versions were kept count as version 1.
const storedView = ({ tenantId: _t, marketerId: _m, ...contract }: ContractRecord): Static<typeof SalesContract> => ({
  ...contract,
  version: contract.version ?? 1,
});
/** As answered: the car snapshot's pictures as addresses (an event keeps storedView's s3:// URIs; see eventBodyForIntegrators). */
const view = (contract: ContractRecord): Static<typeof SalesContract> => ({ ...storedView(contract), carDetails: withPictureUrls(contract.carDetails) });
const versionOf = (contract: ContractRecord): number => contract.version ?? 1;
/** A change applies only to the version it was planned on, and raises it. */
const atVersionRead = (contract: ContractRecord) =>
  contract.version === undefined
    ? { expression: 'attribute_not_exists(#version)', names: { '#version': 'version' } }
    : { expression: '#version = :readVersion', names: { '#version': 'version' }, values: { ':readVersion': contract.version } };
const guard = (contract: ContractRecord, statuses: readonly ContractStatus[]) => allOf(statusIn(statuses), atVersionRead(contract));
const statusIn = (statuses: readonly ContractStatus[]) => ({
  expression: `#status IN (${statuses.map((_, i) => `:st${i}`).join(', ')})`,
  names: { '#status': 'status' },
  values: Object.fromEntries(statuses.map((s, i) => [`:st${i}`, s])),
});

/** The free-form parts of a contract must be storable (400 naming the field otherwise). */
function checkFreeForm(body: Pick<CreateBody, 'carDetails' | 'customerIdDocument'>): void {
  const problems = [
    ...(body.carDetails === undefined ? [] : storableJsonProblems(body.carDetails, 'carDetails', CAR_DETAILS_MAX_BYTES)),
    ...(body.customerIdDocument === undefined ? [] : storableJsonProblems(body.customerIdDocument, 'customerIdDocument', ID_DOCUMENT_MAX_BYTES)),
  ];
  if (problems.length > 0) throw validationError(problems);
}

/** What a new contract takes from its order, and the order's customer, when the body does not say. */
function prefill(order: OrderRecord, customer: CustomerRecord | undefined, body: CreateBody) {
  const car = order.carDetails;
  const km = typeof car.kilometers === 'number' ? `${car.kilometers} km` : undefined;
  return {
    customerPhone: body.customerPhone ?? customer?.mobileNumber ?? order.customer.mobileNumber,
    customerEmail: body.customerEmail ?? customer?.email ?? order.customer.email,
    customerIdNumber: body.customerIdNumber ?? customer?.idNumber,
    customerAddress: body.customerAddress ?? customer?.address,
    customerCountry: body.customerCountry ?? customer?.country,
    carDetails: body.carDetails ?? car,
    totalAmount: body.totalAmount ?? order.totalAmount,
    currency: body.currency ?? (['USD', 'KRW', 'AED'].includes(order.currency) ? order.currency : 'USD'),
    vin: body.vin ?? (typeof car.vin === 'string' ? car.vin : undefined),
    color: body.color ?? (typeof car.color === 'string' ? car.color : undefined),
    mileage: body.mileage ?? km,
  };
}

/** contractNumber: one atomic increment once the order checks out (unique, increasing; a failed creation leaves a gap). */
export async function createContract(caller: Caller, body: CreateBody) {
  checkFreeForm(body);
  const scope = scopeOf(caller);
  let contractNumber: number | undefined;
  let customer: CustomerRecord | undefined;
  return withRetries(async () => {
    const order = await getOrder(scope, body.orderId);
    if (!order) throw notFound('Order', 'orderId');
    ensureOrderAccepts(order, 'contract');
    customer ??= await getOrderCustomer(order.customerId, order.tenantId);
    contractNumber ??= await takeNextNumber(CONTRACT_COUNTER);
    const now = new Date().toISOString();
    const { orderId: _o, ...fields } = body;
    const contract: ContractRecord = {
      ...fields,
      ...prefill(order, customer, body),
      id: newId(),
      orderId: body.orderId,
      tenantId: order.tenantId,
      marketerId: order.marketerId,
      contractNumber,
      status: 'Draft',
      version: 1,
      pdfUrl: null,
      createdAt: now,
      updatedAt: now,
    };
    const orderCheck = orderStillThere(body.orderId);
    const items = [
      ...putChildItems('CONTRACT', contract),
      orderCheck,
      auditItem(caller, { entity: 'contract', entityId: contract.id, tenantId: contract.tenantId, action: 'created', after: contract }, now),
    ];
    const outcome = await transact(items);
    if (outcome.ok) return view(contract);
    if (outcome.failedIndexes.includes(items.indexOf(orderCheck))) throw notFound('Order', 'orderId');
    return RETRY;
  });
}

export async function updateContract(caller: Caller, id: string, body: UpdateBody, expected?: ExpectedVersion) {
  checkFreeForm(body);
  const scope = scopeOf(caller);
  const { contractPdfUrl, ...fields } = body;
  return withRetries(async () => {
    const contract = await childInScope<ContractRecord>(scope, 'CONTRACT', id);
    checkExpectedVersion(expected, versionOf(contract), 'contract');
    const draftOnly = () => invalidState(`Contract #${contract.contractNumber} is ${contract.status}; only a Draft can be edited`, { status: contract.status });
    if (contract.status !== 'Draft') throw draftOnly();
    const set = { ...fields, ...(contractPdfUrl !== undefined ? { pdfUrl: contractPdfUrl } : {}), version: versionOf(contract) + 1 };
    const result = await updateChild<ContractRecord>(scope, 'CONTRACT', contract, set, guard(contract, ['Draft']), (next, now) => [
      auditItem(caller, { entity: 'contract', entityId: id, tenantId: contract.tenantId, action: 'updated', before: contract, after: next }, now),
    ]);
    // Lost a race to another change: look again (the checks above decide on the contract as it now is).
    return result.ok ? view(result.record) : RETRY;
  });
}

/**
 * The phone to send to. The spec requires it in the body (one of phone or phoneNumber), so a
 * body without one is still refused, but the answer names the contract's own customerPhone.
 */
function recipientOf(body: SendBody, contract: ContractRecord | undefined): string {
  const given = body.phone ?? body.phoneNumber;
  if (!given) {
    const known = typeof contract?.customerPhone === 'string' ? normalizePhone(contract.customerPhone) : undefined;
    throw invalidField(
      'phone',
      known
        ? `phone or phoneNumber is required: the number to send the contract to, in E.164; the contract's customerPhone is ${known}, e.g. {"phone": "${known}"}`
        : 'phone or phoneNumber is required: the number to send the contract to, in E.164, e.g. {"phone": "+971501234567"}',
    );
  }
  const phone = normalizePhone(given);
  if (!phone) throw invalidField(body.phone ? 'phone' : 'phoneNumber', 'must be an E.164 phone number, e.g. +971501234567');
  if (body.phone && body.phoneNumber && normalizePhone(body.phoneNumber) !== phone) {
    throw invalidField('phoneNumber', `must be the same number as phone, or left out: give one of them, e.g. {"phone": "${phone}"}`);
  }
  return phone;
}

/** The contract as a template (spec 4.11): with the signing link in its body when one is given, in the customer's language. */
function contractMessage(to: string, contract: ContractRecord, language: ChatLanguage, signingLink?: string): ChatMessage {
  const car =
    typeof contract.carDetails.title === 'string'
      ? contract.carDetails.title
      : [contract.carDetails.makeEn, contract.carDetails.modelEn, contract.carDetails.year].filter(Boolean).join(' ');
  const name = language === 'ar' && contract.customerNameAr ? contract.customerNameAr : contract.customerName;
  const parameters = [
    name,
    String(contract.contractNumber),
    car || 'car',
    `${contract.totalAmount} ${contract.currency}`,
    ...(signingLink ? [signingLink] : []),
  ];
  return templateMessage(to, contractTemplateKey(signingLink !== undefined), language, parameters.map(templateParameter));
}

/** The language the order's customer reads: their own, else the tenant's default, else English. */
async function customerLanguage(order: OrderRecord): Promise<ChatLanguage> {
  const languages = await chatLanguagesOf(order.customerId, order.tenantId);
  return [languages.customer, languages.tenant].find(isChatLanguage) ?? 'en';
}

/** Dispatch first; only a message the channel accepted marks the contract Sent. */
export async function sendContract(caller: Caller, id: string, body: SendBody, expected?: ExpectedVersion) {
  const scope = scopeOf(caller);
  // A body without a phone is refused (400) before an unknown contract would be (404).
  const found = await childInScope<ContractRecord>(scope, 'CONTRACT', id).then(
    (record) => ({ record }),
    (error: unknown) => ({ error }),
  );
  const to = recipientOf(body, 'record' in found ? found.record : undefined);
  if (!('record' in found)) throw found.error;
  const contract = found.record;
  checkExpectedVersion(expected, versionOf(contract), 'contract');
  if (!CONTRACT_SENDABLE.includes(contract.status)) throw invalidState(`Contract #${contract.contractNumber} is already ${contract.status}`);
  const orderBefore = await getOrder(scope, contract.orderId);
  if (!orderBefore) throw notFound('Contract');
  const message = contractMessage(to, contract, await customerLanguage(orderBefore), body.signingLink);
  let messageId: string;
  try {
    ({ messageId } = await chatChannel().send(message));
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    // The provider's own text can name the recipient or our account: it goes to the log only.
    log.warn('contract dispatch failed', { contractId: id, reason: error.code, detail: error.message });
    throw channelDispatchFailed(error);
  }
  const rendering = renderMessage(message);
  // The message is out: record it, retrying a write that lost a race (never re-sending), unless
  // the contract got signed meanwhile.
  let current = contract;
  return withRetries(async (attempt) => {
    const now = new Date().toISOString();
    const set = {
      status: 'Sent' as const,
      sentAt: now,
      sentTo: to,
      messageId,
      version: versionOf(current) + 1,
      ...(body.signingLink ? { signingLink: body.signingLink } : {}),
    };
    // The order read before sending serves the first attempt; a retry reads it again.
    const order = attempt === 0 ? orderBefore : await getOrder(scope, contract.orderId);
    if (!order) throw notFound('Contract');
    // The message takes its place in the order's sequence of notifications.
    const next = takeNotificationSeq(order);
    const outcome = await transact([
      updateChildItem(scope, 'CONTRACT', contract, set, guard(current, CONTRACT_SENDABLE), now),
      next.item,
      // The marketer hears that the contract went out (the customer got the contract itself).
      outboxPutItem(
        newOutboxEvent(
          {
            id: newId(),
            kind: 'notify',
            event: 'contract.sent',
            orderId: contract.orderId,
            tenantId: contract.tenantId,
            orderSeq: next.seq,
            payload: { contractId: id },
          },
          now,
        ),
      ),
      auditItem(
        caller,
        { entity: 'contract', entityId: id, tenantId: contract.tenantId, action: 'sent', before: contract, after: { ...contract, ...set } },
        now,
      ),
      eventItem('contract.sent', contract.tenantId, { type: 'contract', id }, storedView({ ...current, ...set, updatedAt: now }), now, {
        orderId: contract.orderId,
      }),
      // Listed with the order's notifications, where WhatsApp's delivery statuses land.
      chatMessagePutItem({
        messageId,
        orderId: contract.orderId,
        tenantId: contract.tenantId,
        event: 'contract.ready',
        audience: 'customer',
        recipientName: contract.customerName,
        to,
        ...('template' in message ? { template: message.template } : {}),
        ...('text' in rendering ? { text: rendering.text } : {}),
        outcome: 'accepted',
        statuses: {},
        createdAt: now,
      }),
    ]);
    if (outcome.ok) return view({ ...current, ...set, updatedAt: now });
    // The message is out whatever else changed meanwhile: record it on the contract as it now is.
    current = await childInScope<ContractRecord>(scope, 'CONTRACT', id);
    if (!CONTRACT_SENDABLE.includes(current.status)) throw invalidState(`Contract #${contract.contractNumber} was signed while it was being sent`);
    return RETRY;
  });
}

export async function signContract(caller: Caller, id: string, signedDocument: unknown, expected?: ExpectedVersion) {
  if (signedDocument !== undefined) {
    const problems = storableJsonProblems(signedDocument, 'signedDocument', SIGNED_DOCUMENT_MAX_BYTES);
    if (problems.length > 0) throw validationError(problems);
  }
  const scope = scopeOf(caller);
  return withRetries(async () => {
    const contract = await childInScope<ContractRecord>(scope, 'CONTRACT', id);
    checkExpectedVersion(expected, versionOf(contract), 'contract');
    if (!CONTRACT_SIGNABLE.includes(contract.status)) throw invalidState(`Contract #${contract.contractNumber} is already ${contract.status}`);
    const result = await updateChild<ContractRecord>(
      scope,
      'CONTRACT',
      contract,
      { status: 'Signed', signedAt: new Date().toISOString(), version: versionOf(contract) + 1, ...(signedDocument !== undefined ? { signedDocument } : {}) },
      guard(contract, CONTRACT_SIGNABLE),
      (next, now) => [
        auditItem(caller, { entity: 'contract', entityId: id, tenantId: contract.tenantId, action: 'signed', before: contract, after: next }, now),
        eventItem('contract.signed', contract.tenantId, { type: 'contract', id }, storedView(next), now, { orderId: contract.orderId }),
      ],
    );
    return result.ok ? view(result.record) : RETRY;
  });
}

export async function getContract(caller: Caller, id: string) {
  return view(await childInScope<ContractRecord>(scopeOf(caller), 'CONTRACT', id));
}

export async function listOrderContracts(caller: Caller, orderId: string) {
  const scope = scopeOf(caller);
  await orderInScopeOrNotFound(scope, orderId, 'id');
  return (await listChildren<ContractRecord>(scope, 'CONTRACT', orderId)).map(view);
}
