import type { components, paths } from '../../../client/index.js';

/** Shapes of the API, named once for the console; all come from the generated client/schema.d.ts. */
type Schemas = components['schemas'];
export type Me = Schemas['Me'];
export type Order = Schemas['Order'];
export type OrderDetail = Schemas['OrderDetail'];
export type OrderStatus = Order['status'];
export type BillingEntry = Schemas['BillingEntry'];
export type Contract = Schemas['Contract'];
export type Inspection = Schemas['Inspection'];
export type AgendaInspection = Schemas['AgendaInspection'];
export type OrderNotification = Schemas['OrderNotification'];
export type GeneratedDocument = Schemas['GeneratedDocument'];
export type TrackingLink = Schemas['TrackingLink'];
export type Customer = Schemas['Customer'];
export type CustomerSummary = Schemas['CustomerSummary'];
export type WalletTransaction = Schemas['WalletTransaction'];
export type CarListItem = Schemas['CarListItem'];
export type User = Schemas['User'];
export type ApiKey = Schemas['ApiKey'];
export type AuditRecord = Schemas['AuditRecord'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type ExportDeadline = Schemas['ExportDeadline'];
export type Requirement = Schemas['Requirement'];
export type TenantProfile = Schemas['TenantProfile'];
export type ImportRule = Schemas['ImportRule'];
export type ImportCheck = Schemas['ImportCheck'];

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body an operation takes. */
export type BodyOf<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = Json<
  NonNullable<NonNullable<paths[P][M]> extends { requestBody?: infer R } ? R : never>
>;
/** The `data` of an operation's 200/201 answer. */
export type DataOf<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> =
  NonNullable<paths[P][M]> extends { responses: infer R }
    ? (R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : never) extends { data: infer D }
      ? D
      : never
    : never;
/** The query an operation takes. */
export type QueryOf<P extends keyof paths, M extends 'get'> = NonNullable<
  NonNullable<paths[P][M]> extends { parameters: { query?: infer Q } } ? Q : never
>;

export type ExportStep = NonNullable<
  paths['/api/v1/orders/{id}/export-steps/{step}']['put']
>['parameters']['path']['step'];
export type CarDetail = DataOf<'/api/v1/cars/{id}', 'get'>;
