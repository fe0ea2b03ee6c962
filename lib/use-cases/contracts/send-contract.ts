import { money } from '../../domain/document-models/model.js';
import type { Caller } from '../../domain/caller.js';
import { isChatLanguage, renderTemplate, templateParameter, type ChatLanguage } from '../../text/chat-template.js';
import { contractTemplate, contractTemplateKey } from '../../text/contract-templates.js';
import { CONTRACT_SENDABLE } from '../../domain/documents.js';
import { channelDispatchFailed, invalidField, invalidState, notFound } from '../../domain/errors.js';
import { normalizePhone } from '../../domain/phone.js';
import { scopeOf } from '../../domain/scope.js';
import { vehicleLabel, vehicleOf } from '../../domain/vehicle.js';
import { checkExpectedVersion, type ExpectedVersion } from '../../domain/versioning.js';
import { log } from '../../logger.js';
import { chatChannel } from '../../notify/channel.js';
import { ChannelError, type ChatMessage } from '../../notify/message.js';
import { templateMessage } from '../../notify/templates.js';
import { updateChildItem } from '../../store/order-children.js';
import { takeNotificationSeq } from '../../store/order-writes.js';
import { getOrder, type OrderRecord } from '../../store/orders.js';
import { ChangeSet } from '../../store/change-set.js';
import { chatMessagePutItem } from '../../store/chat-messages.js';
import { chatLanguagesOf } from '../../store/customers.js';
import { childInScope } from '../shared/order-children.js';
import { RETRY, withRetries } from '../shared/retry.js';
import { guard, storedView, versionOf, view, type ContractRecord, type SendBody } from './contract-record.js';

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
  if (!phone)
    throw invalidField(body.phone ? 'phone' : 'phoneNumber', 'must be an E.164 phone number, e.g. +971501234567');
  if (body.phone && body.phoneNumber && normalizePhone(body.phoneNumber) !== phone) {
    throw invalidField(
      'phoneNumber',
      `must be the same number as phone, or left out: give one of them, e.g. {"phone": "${phone}"}`,
    );
  }
  return phone;
}

/**
 * The contract as a template (docs/api.md, "Contracts, billing entries, inspections"): with the signing link in its body when one is given, in
 * the customer's language. The car is named as every message names it (the order's snapshot, then
 * this contract's car fields, then the customs invoice), from the order already read: no read more.
 */
function contractMessage(
  to: string,
  contract: ContractRecord,
  order: OrderRecord,
  language: ChatLanguage,
  signingLink?: string,
): { message: ChatMessage; text: string | undefined } {
  const vehicle = vehicleOf({ carDetails: order.carDetails, contract, customsInvoice: order.customsInvoice });
  const name = language === 'ar' && contract.customerNameAr ? contract.customerNameAr : contract.customerName;
  const parameters = [
    name,
    String(contract.contractNumber),
    // Both templates say "for the {{3}}" ("لسيارة {{3}}"): an unnamed car is not called a car twice.
    vehicleLabel(vehicle, language, order.orderNumber, { afterCarWord: true }),
    // As the contract's PDF writes it: thousands grouped, the currency's decimals.
    money(contract.totalAmount, contract.currency),
    ...(signingLink ? [signingLink] : []),
  ];
  const withLink = signingLink !== undefined;
  const values = parameters.map(templateParameter);
  // The text the customer reads, for the order's notifications: this template's alone, not the whole catalogue's.
  return {
    message: templateMessage(to, contractTemplateKey(withLink), language, values),
    text: renderTemplate(contractTemplate(withLink), language, values),
  };
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
  const found = await childInScope(scope, 'CONTRACT', id).then(
    (record) => ({ record }),
    (error: unknown) => ({ error }),
  );
  const to = recipientOf(body, 'record' in found ? found.record : undefined);
  if (!('record' in found)) throw found.error;
  const contract = found.record;
  checkExpectedVersion(expected, versionOf(contract), 'contract');
  if (!CONTRACT_SENDABLE.includes(contract.status))
    throw invalidState(`Contract #${contract.contractNumber} is already ${contract.status}`);
  const orderBefore = await getOrder(scope, contract.orderId);
  if (!orderBefore) throw notFound('Contract');
  const { message, text } = contractMessage(
    to,
    contract,
    orderBefore,
    await customerLanguage(orderBefore),
    body.signingLink,
  );
  let messageId: string;
  try {
    ({ messageId } = await chatChannel().send(message));
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    // The provider's own text can name the recipient or our account: it goes to the log only.
    log.warn('contract dispatch failed', { contractId: id, reason: error.code, detail: error.message });
    throw channelDispatchFailed(error);
  }
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
    const changes = new ChangeSet(caller, now);
    changes.write(updateChildItem(scope, 'CONTRACT', contract, set, guard(current, CONTRACT_SENDABLE), now), next.item);
    // The marketer hears that the contract went out (the customer got the contract itself).
    changes.notify({
      kind: 'notify',
      event: 'contract.sent',
      orderId: contract.orderId,
      tenantId: contract.tenantId,
      orderSeq: next.seq,
      payload: { contractId: id },
    });
    changes.audit({
      entity: 'contract',
      entityId: id,
      tenantId: contract.tenantId,
      action: 'sent',
      before: contract,
      after: { ...contract, ...set },
    });
    changes.emit(
      'contract.sent',
      contract.tenantId,
      { type: 'contract', id },
      storedView({ ...current, ...set, updatedAt: now }),
      {
        orderId: contract.orderId,
      },
    );
    // Listed with the order's notifications, where WhatsApp's delivery statuses land.
    changes.write(
      chatMessagePutItem({
        messageId,
        orderId: contract.orderId,
        tenantId: contract.tenantId,
        event: 'contract.ready',
        audience: 'customer',
        recipientName: contract.customerName,
        to,
        ...('template' in message ? { template: message.template } : {}),
        ...(text === undefined ? {} : { text }),
        outcome: 'accepted',
        statuses: {},
        createdAt: now,
      }),
    );
    const outcome = await changes.commit();
    if (outcome.ok) return view({ ...current, ...set, updatedAt: now });
    // The message is out whatever else changed meanwhile: record it on the contract as it now is.
    current = await childInScope(scope, 'CONTRACT', id);
    if (!CONTRACT_SENDABLE.includes(current.status))
      throw invalidState(`Contract #${contract.contractNumber} was signed while it was being sent`);
    return RETRY;
  });
}
