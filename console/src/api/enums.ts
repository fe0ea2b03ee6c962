import type { components, paths } from '../../../client/index.js';
import type { BodyOf, ExportStep, OrderStatus } from './types.js';

/**
 * The values of the API's enumerations that screens offer as choices. The lists are checked
 * against the generated types: a value the API drops fails to compile, and so does a value the
 * API adds that is missing here. The order statuses are not written here at all: they come from
 * the API's OpenAPI document at build time (console/vite.config.ts), and a status the API adds
 * fails to compile where the console must have words for it (`vpo.status` in orders/messages.ts).
 */
export const every =
  <T extends string>() =>
  <const A extends readonly T[]>(
    values: A & ([T] extends [A[number]] ? unknown : { missing: Exclude<T, A[number]> }),
  ): A =>
    values;

/** Replaced by the build with the API's `Order.status` enum, read from client/openapi.json (console/vite.config.ts). */
declare const __VPO_ORDER_STATUSES__: readonly OrderStatus[];

/** Every order status, in the lifecycle order the API documents them. */
export const ORDER_STATUSES: readonly OrderStatus[] = __VPO_ORDER_STATUSES__;

type OrderCurrency = NonNullable<BodyOf<'/api/v1/orders', 'post'>['currency']>;
export const ORDER_CURRENCIES = every<OrderCurrency>()(['USD', 'KRW', 'AED']);

type CustomsInvoice = BodyOf<'/api/v1/orders/{id}/customs-invoice', 'patch'>;
export const CUSTOMS_CURRENCIES = every<CustomsInvoice['currency']>()(['USD', 'SAR', 'KRW', 'AED']);

export type FuelType = NonNullable<CustomsInvoice['fuelType']>;
export type Condition = NonNullable<CustomsInvoice['condition']>;
export type Incoterm = NonNullable<CustomsInvoice['incoterms']>;
type ProfileBody = BodyOf<'/api/v1/tenant-profile', 'put'>;
type ProfileIncoterm = NonNullable<ProfileBody['defaultIncoterms']>;
export type ArabicDigits = NonNullable<ProfileBody['arabicDigits']>;

/** Replaced by the build with these fields' enums, read from client/openapi.json (console/vite.config.ts). */
declare const __VPO_FORM_ENUMS__: {
  fuelType: readonly FuelType[];
  condition: readonly Condition[];
  incoterms: readonly Incoterm[];
  defaultIncoterms: readonly ProfileIncoterm[];
  arabicDigits: readonly ArabicDigits[];
};

/**
 * The customs invoice's fuel types, conditions and Incoterms rules, and the profile's default
 * Incoterms and digits, as the API lists them (the console keeps no copy); each needs its words in
 * orders/customs/messages.ts and tenant-profile/messages.ts, which the compiler checks against these types.
 */
export const FUEL_TYPES = __VPO_FORM_ENUMS__.fuelType;
export const CONDITIONS = __VPO_FORM_ENUMS__.condition;
export const INCOTERMS = __VPO_FORM_ENUMS__.incoterms;
export const PROFILE_INCOTERMS = __VPO_FORM_ENUMS__.defaultIncoterms;
export const ARABIC_DIGITS = __VPO_FORM_ENUMS__.arabicDigits;

type WalletMovement = BodyOf<'/api/v1/wallets/{id}/transactions', 'post'>;
export type MovementType = WalletMovement['type'];
export const MOVEMENT_TYPES = every<MovementType>()(['credit', 'debit', 'adjustment', 'refund']);

export const EXPORT_STEPS = every<ExportStep>()([
  'deregistration',
  'bonded-area',
  'export-declaration',
  'completion-report',
]);

type DocumentType = BodyOf<'/api/v1/orders/{id}/documents', 'post'>['type'];
export const DOCUMENT_TYPES = every<DocumentType>()(['proforma-invoice', 'customs-invoice', 'contract']);

type ImageUpload = NonNullable<paths['/api/v1/tenant-profile/{image}']['put']>;
export type ProfileImage = ImageUpload['parameters']['path']['image'];
export const PROFILE_IMAGES = every<ProfileImage>()(['logo', 'stamp']);
export type ImageType = BodyOf<'/api/v1/tenant-profile/{image}', 'put'>['contentType'];
export const IMAGE_TYPES = every<ImageType>()(['image/png', 'image/jpeg']);

export type Role = components['schemas']['User']['role'];
export const ROLES = every<Role>()(['admin', 'operations', 'accountant', 'marketer', 'inspector', 'integrator']);
export const STAFF_ROLES = [
  'admin',
  'operations',
  'accountant',
  'marketer',
  'inspector',
] as const satisfies readonly Role[];

export type AuditEntity = NonNullable<
  NonNullable<NonNullable<paths['/api/v1/audit']['get']>['parameters']['query']>['entity']
>;
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
  'importRule',
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
  'car.removed',
  'car.repriced',
]);

/** Currencies offered for catalogue prices, billing and wallets (the API accepts any ISO 4217 code with a rate). */
export const COMMON_CURRENCIES = ['USD', 'AED', 'SAR', 'QAR', 'KWD', 'BHD', 'OMR', 'KRW', 'JPY', 'EUR'] as const;

/** What an import rule refuses and how it counts a car's age; each value needs its words in import-rules/messages.ts. */
type ImportRuleBody = BodyOf<'/api/v1/import-rules/{country}', 'put'>;
export type DamageKind = ImportRuleBody['refusedDamage'][number];
export const DAMAGE_KINDS = every<DamageKind>()(['accident', 'total_loss', 'flood']);
export type RefusableFuel = ImportRuleBody['fuelTypesRefused'][number];
export const REFUSABLE_FUELS = every<RefusableFuel>()(['Gasoline', 'Diesel', 'LPG', 'Hybrid', 'Electric', 'Hydrogen']);
export type AgeCountedFrom = ImportRuleBody['ageCountedFrom'];
export type AgeCountedTo = ImportRuleBody['ageCountedTo'];
export const AGE_COUNTED_FROM = every<AgeCountedFrom>()(['model-year', 'first-registration']);
export const AGE_COUNTED_TO = every<AgeCountedTo>()(['order', 'arrival']);
export type ImportRuleName = components['schemas']['ImportReason']['rule'];
