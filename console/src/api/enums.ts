import type { components, paths } from '../../../client/index.js';
import type { BodyOf, ExportStep, OrderStatus } from './types';

/**
 * The values of the API's enumerations that screens offer as choices. The lists are checked
 * against the generated types: a value the API drops fails to compile, and so does a value the
 * API adds that is missing here. The order statuses are not written here at all: they come from
 * the API's OpenAPI document at build time (console/vite.config.ts), and a status the API adds
 * fails to compile where the console must have words for it (`vpo.status` in i18n/en.ts).
 */
const every =
  <T extends string>() =>
  <const A extends readonly T[]>(values: A & ([T] extends [A[number]] ? unknown : { missing: Exclude<T, A[number]> })): A =>
    values;

/** Replaced by the build with the API's `Order.status` enum, read from client/openapi.json (console/vite.config.ts). */
declare const __VPO_ORDER_STATUSES__: readonly OrderStatus[];

/** Every order status, in the lifecycle order the API documents them. */
export const ORDER_STATUSES: readonly OrderStatus[] = __VPO_ORDER_STATUSES__;

type OrderCurrency = NonNullable<BodyOf<'/api/v1/orders', 'post'>['currency']>;
export const ORDER_CURRENCIES = every<OrderCurrency>()(['USD', 'KRW', 'AED']);

type CustomsCurrency = BodyOf<'/api/v1/orders/{id}/customs-invoice', 'patch'>['currency'];
export const CUSTOMS_CURRENCIES = every<CustomsCurrency>()(['USD', 'SAR', 'KRW', 'AED']);

export const EXPORT_STEPS = every<ExportStep>()(['deregistration', 'bonded-area', 'export-declaration', 'completion-report']);

type DocumentType = BodyOf<'/api/v1/orders/{id}/documents', 'post'>['type'];
export const DOCUMENT_TYPES = every<DocumentType>()(['proforma-invoice', 'customs-invoice', 'contract']);

export type Role = components['schemas']['User']['role'];
export const ROLES = every<Role>()(['admin', 'operations', 'accountant', 'marketer', 'inspector', 'integrator']);
export const STAFF_ROLES = ['admin', 'operations', 'accountant', 'marketer', 'inspector'] as const satisfies readonly Role[];

type AuditEntity = NonNullable<NonNullable<NonNullable<paths['/api/v1/audit']['get']>['parameters']['query']>['entity']>;
export const AUDIT_ENTITIES = every<AuditEntity>()([
  'order',
  'billing',
  'contract',
  'inspection',
  'wallet',
  'customer',
  'user',
  'apiKey',
  'tenant',
  'webhookEndpoint',
]);

export type EventType = components['schemas']['WebhookEndpoint']['eventTypes'][number];
export const EVENT_TYPES = every<EventType>()([
  'order.created',
  'order.status_changed',
  'order.updated',
  'order.pictures_archived',
  'order.pictures_archive_failed',
  'contract.sent',
  'contract.signed',
  'billing_entry.created',
  'billing_entry.confirmed',
  'inspection.created',
  'inspection.status_changed',
  'wallet.transaction_created',
]);

/** Currencies offered for catalogue prices, billing and wallets (the API accepts any ISO 4217 code with a rate). */
export const COMMON_CURRENCIES = ['USD', 'AED', 'SAR', 'QAR', 'KWD', 'BHD', 'OMR', 'KRW', 'JPY', 'EUR'] as const;
