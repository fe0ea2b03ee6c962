import type { AuditEntity } from '../api/enums.js';
import type { AuditRecord } from '../api/types.js';

/**
 * An audit record in words: its action, and its changes as a list of "field: before → after"
 * with each field and value in the person's language where the console has words for it (else
 * as the API names it). Pure, so the order timeline and the audit screen say the same.
 */
type Translate = (key: string, options?: object) => string;

/** How an entity's status values are said, by entity. */
const STATUS_WORDS: Partial<Record<AuditEntity, string>> = {
  order: 'vpo.status',
  contract: 'vpo.contracts.status',
  inspection: 'vpo.inspections.status',
  billing: 'vpo.audit.billingStatus',
};

/**
 * An audit record's action in words: `status.Purchased` is a move, `document.proforma-invoice` a
 * document generated, `export.bonded-area` an export step, a wallet's action its movement; an
 * action the console has no words for is shown as the API names it.
 */
export function actionWords(entity: AuditEntity, action: string, translate: Translate): string {
  const [head = action, ...rest] = action.split('.');
  const detail = rest.join('.');
  if (head === 'status') {
    const statuses = STATUS_WORDS[entity] ?? 'vpo.status';
    return `${translate('vpo.orders.auditActions.status')} ${translate(`${statuses}.${detail}`, { _: detail })}`;
  }
  if (entity === 'wallet') return translate(`vpo.customers.movementType.${action}`, { _: action });
  if (entity === 'order') {
    if (head === 'document' && rest[0] === 'number')
      return `${translate('vpo.orders.auditActions.documentNumber')}: ${translate(`vpo.documents.types.${rest[1]}`, { _: rest[1] })}`;
    if (head === 'document')
      return `${translate('vpo.orders.auditActions.document')}: ${translate(`vpo.documents.types.${detail}`, { _: detail })}`;
    if (head === 'export')
      return `${translate('vpo.orders.auditActions.export')}: ${translate(`vpo.export.step.${detail}`, { _: detail })}`;
    return translate(`vpo.orders.auditActions.${head}`, { _: action });
  }
  return translate(`vpo.audit.actions.${action}`, { _: translate(`vpo.orders.auditActions.${head}`, { _: action }) });
}

/**
 * Fields no person changes, at any depth: identifiers and bookkeeping every write touches, the
 * buyer link's secret seed, and the order's status history (the action says the move).
 */
const BOOKKEEPING = new Set([
  'id',
  'tenantId',
  'version',
  'notificationSeq',
  'updatedAt',
  'createdAt',
  'createdBy',
  'createdByKeyId',
  'confirmedByKeyId',
  'updatedBy',
  'parts',
  'tracking',
  'walletId',
  'seq',
  'entryCount',
  'statusHistory',
]);
/** Top-level references the screen shows otherwise: the record's order (its "Record" column), the customer, marketer and inspector by name. */
const SHOWN_ELSEWHERE = new Set(['orderId', 'customerId', 'marketerId', 'inspectorId']);

export interface FieldChange {
  /** Field names, and positions in lists (0-based). */
  path: (string | number)[];
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function walk(path: (string | number)[], before: unknown, after: unknown, out: FieldChange[]): void {
  // Absent and null read the same ("—"): no change to show.
  if (same(before ?? null, after ?? null)) return;
  // An object (or a list of objects) is read field by field, so a change says which part changed.
  if (
    (isRecord(before) || isRecord(after)) &&
    (isRecord(before) || before == null) &&
    (isRecord(after) || after == null)
  ) {
    const was = (before ?? {}) as Record<string, unknown>;
    const is = (after ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(was), ...Object.keys(is)]))
      if (!BOOKKEEPING.has(key)) walk([...path, key], was[key], is[key], out);
    return;
  }
  const list = (value: unknown) => (Array.isArray(value) ? value : value == null ? [] : undefined);
  const [was, is] = [list(before), list(after)];
  if (was && is && [...was, ...is].some(isRecord)) {
    for (let index = 0; index < Math.max(was.length, is.length); index++)
      walk([...path, index], was[index], is[index], out);
    return;
  }
  out.push({ path, before, after });
}

/** The changes of a record a person can read: one line per value that changed, bookkeeping left out. */
export function auditChanges(changes: AuditRecord['changes']): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, change] of Object.entries(changes))
    if (!BOOKKEEPING.has(field) && !SHOWN_ELSEWHERE.has(field)) walk([field], change.before, change.after, out);
  return out;
}

/** Where the words for an entity's own fields are (react-admin's field labels of its screen), before the audit's own. */
const FIELD_WORDS: Partial<Record<AuditEntity, string>> = {
  order: 'resources.orders.fields',
  customer: 'resources.customers.fields',
  user: 'resources.users.fields',
  apiKey: 'resources.api-keys.fields',
  webhookEndpoint: 'resources.webhook-endpoints.fields',
  tenant: 'vpo.fields.profile',
};

/** A field in words: `carDetails.makeEn` is "Car › Make", `photos.0.url` "Photos 1 › URL". */
export function fieldLabel(entity: AuditEntity, path: readonly (string | number)[], translate: Translate): string {
  const names = path.filter((part): part is string => typeof part === 'string');
  const own = FIELD_WORDS[entity];
  // A nested field the screen names as a whole (an order's `carDetails.makeEn`, the profile's `bank.iban`).
  const whole =
    own && names.length > 1 && !path.some((part) => typeof part === 'number')
      ? translate(`${own}.${names.join('.')}`, { _: '' })
      : '';
  if (whole) return whole;
  const words: string[] = [];
  path.forEach((part, index) => {
    if (typeof part === 'number') {
      words[words.length - 1] = `${words[words.length - 1] ?? ''} ${part + 1}`;
      return;
    }
    const general = translate(`vpo.audit.fields.${part}`, { _: part });
    words.push(index === 0 && own ? translate(`${own}.${part}`, { _: general }) : general);
  });
  return words.join(' › ');
}

export interface ValueContext {
  translate: Translate;
  number: (value: number) => string;
  dateTime: (iso: string) => string;
  day: (iso: string) => string;
  /** Names of the ids the screen knows (staff members, keys). */
  names: ReadonlyMap<string, string>;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LONGEST = 200;

/** A value in words: dates and numbers for the language, ids of people by name, statuses, roles and types in words. */
export function valueText(
  entity: AuditEntity,
  path: readonly (string | number)[],
  value: unknown,
  context: ValueContext,
): string {
  const { translate } = context;
  const field = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return translate(value ? 'vpo.common.yes' : 'vpo.common.no');
  // A year or a number that names something (order no. 1042) is written as it is, not as a quantity (2,024).
  if (typeof value === 'number')
    return field === 'year' || field?.endsWith('Number') ? String(value) : context.number(value);
  if (Array.isArray(value))
    return value.length ? value.map((item) => valueText(entity, path, item, context)).join(', ') : '—';
  if (typeof value !== 'string') return JSON.stringify(value);
  const named = context.names.get(value);
  if (named) return named;
  const inWords = (key: string | undefined) => (key ? translate(`${key}.${value}`, { _: value }) : value);
  if (field === 'status') return inWords(STATUS_WORDS[entity]);
  if (field === 'role' || field === 'confirmedByRole') return inWords('vpo.role');
  if (field === 'language') return inWords('vpo.language');
  if (field === 'type')
    return inWords(
      entity === 'billing' ? 'vpo.billing' : entity === 'wallet' ? 'vpo.customers.movementType' : undefined,
    );
  if (DATE_TIME.test(value)) return context.dateTime(value);
  if (DAY.test(value)) return context.day(value);
  return value.length > LONGEST ? `${value.slice(0, LONGEST - 1)}…` : value;
}

/** What the records of one page say of each entity they name: its order, number, name or address. */
export interface SubjectFacts {
  orderId?: string;
  orderNumber?: number;
  contractNumber?: number;
  name?: string;
  url?: string;
  inspectorName?: string;
}

const FACTS = ['orderId', 'orderNumber', 'contractNumber', 'name', 'url', 'inspectorName'] as const;

/**
 * Facts of each entity of a page, read from the records' own changes (a creation carries them
 * all), so the page names what it can without asking the API again. The newest value wins.
 */
export function subjectFacts(records: readonly Pick<AuditRecord, 'entityId' | 'changes'>[]): Map<string, SubjectFacts> {
  const out = new Map<string, SubjectFacts>();
  for (const record of records) {
    const facts: Record<string, unknown> = { ...out.get(record.entityId) };
    for (const fact of FACTS) {
      const change = record.changes[fact];
      const value = change?.after ?? change?.before;
      if (facts[fact] === undefined && (typeof value === 'string' || typeof value === 'number')) facts[fact] = value;
    }
    out.set(record.entityId, facts as SubjectFacts);
  }
  return out;
}
