import { describe, expect, it } from 'vitest';
import {
  actionWords,
  auditChanges,
  fieldLabel,
  subjectFacts,
  type ValueContext,
  valueText,
} from '../../console/src/audit/audit-words.js';
import { ar, CREATE_ROUTES, en } from '../../console/src/app/folders.js';
import { makeI18nProvider } from '../../console/src/i18n/provider.js';
import { offersScheduling } from '../../console/src/orders/inspections/inspection-next.js';

const english = makeI18nProvider('en', { en, ar }).translate;
const arabic = makeI18nProvider('ar', { en, ar }).translate;
const context = (translate: ValueContext['translate']): ValueContext => ({
  translate,
  number: (value) => new Intl.NumberFormat('en-GB').format(value),
  dateTime: (iso) => `at ${iso}`,
  day: (iso) => `on ${iso}`,
  names: new Map([['u1', 'Sara Karim']]),
});

describe('console: an audit record in words', () => {
  it('lists what changed value by value, inside objects and lists, without bookkeeping or what the screen shows elsewhere', () => {
    const changes = auditChanges({
      id: { after: 'o1' },
      version: { before: 1, after: 2 },
      orderId: { after: 'o9' },
      status: { before: 'Draft', after: 'Signed' },
      pdfUrl: { after: null },
      carDetails: { before: { makeEn: 'Kia', year: 2020 }, after: { makeEn: 'Kia', year: 2021, vin: 'KNA1' } },
      photos: { before: [{ url: 'a' }], after: [{ url: 'a' }, { url: 'b', caption: 'rear' }] },
      eventTypes: { before: ['order.created'], after: ['order.created', 'contract.signed'] },
      lastEntry: { after: { id: 't1', seq: 1, type: 'credit', createdAt: '2026-01-01T00:00:00Z' } },
    });
    expect(changes).toEqual([
      { path: ['status'], before: 'Draft', after: 'Signed' },
      { path: ['carDetails', 'year'], before: 2020, after: 2021 },
      { path: ['carDetails', 'vin'], before: undefined, after: 'KNA1' },
      { path: ['photos', 1, 'url'], before: undefined, after: 'b' },
      { path: ['photos', 1, 'caption'], before: undefined, after: 'rear' },
      { path: ['eventTypes'], before: ['order.created'], after: ['order.created', 'contract.signed'] },
      { path: ['lastEntry', 'type'], before: undefined, after: 'credit' },
    ]);
  });

  it("names fields with the screen's own words, then the audit's, then as the API does, in English and Arabic", () => {
    expect(fieldLabel('order', ['status'], english)).toBe('Status');
    expect(fieldLabel('order', ['carDetails', 'makeEn'], english)).toBe('Make');
    expect(fieldLabel('order', ['carDetails', 'customerNotificationsEnabled'], english)).toBe(
      'Car › Messages to the customer',
    );
    expect(fieldLabel('inspection', ['photos', 1, 'url'], english)).toBe('Photos 2 › URL');
    expect(fieldLabel('tenant', ['bank', 'iban'], english)).toBe('IBAN (or the account number)');
    expect(fieldLabel('user', ['mobileNumber'], arabic)).toBe('رقم الجوال');
    expect(fieldLabel('contract', ['somethingNew'], arabic)).toBe('somethingNew');
  });

  it('says values in words: people by name, statuses, roles and types, years as written, nothing as a dash', () => {
    const en = context(english);
    expect(valueText('order', ['status'], 'DepositConfirmed', en)).toBe('Deposit confirmed');
    expect(valueText('contract', ['status'], 'Signed', context(arabic))).toBe('موقّع');
    expect(valueText('billing', ['confirmedBy'], 'u1', en)).toBe('Sara Karim');
    expect(valueText('billing', ['confirmedByRole'], 'accountant', en)).toBe('Accountant');
    expect(valueText('billing', ['type'], 'receipt', en)).toBe('Receipt');
    expect(valueText('wallet', ['lastEntry', 'type'], 'payment_deduction', en)).toBe('Order payment');
    expect(valueText('order', ['carDetails', 'year'], 2024, en)).toBe('2024');
    expect(valueText('order', ['totalAmount'], 31000, en)).toBe('31,000');
    expect(valueText('contract', ['signedAt'], '2026-11-27T10:00:00.000Z', en)).toBe('at 2026-11-27T10:00:00.000Z');
    expect(valueText('user', ['active'], true, en)).toBe('Yes');
    expect(valueText('webhookEndpoint', ['eventTypes'], ['order.created', 'car.removed'], en)).toBe(
      'order.created, car.removed',
    );
    expect([null, undefined, ''].map((value) => valueText('order', ['notes'], value, en))).toEqual(['—', '—', '—']);
  });

  it('says actions in words for each kind of record, and an unknown one as the API names it', () => {
    expect(actionWords('order', 'status.DepositConfirmed', english)).toBe('Moved to Deposit confirmed');
    expect(actionWords('inspection', 'status.InProgress', english)).toBe('Moved to In progress');
    expect(actionWords('order', 'document.number.customs-invoice', english)).toBe(
      'Invoice number taken: Commercial invoice',
    );
    expect(actionWords('contract', 'signed', english)).toBe('Marked as signed');
    expect(actionWords('wallet', 'credit', english)).toBe('Credit');
    expect(actionWords('tenant', 'stamp-set', arabic)).toBe('رفع الختم');
    expect(actionWords('user', 'merged', english)).toBe('merged');
  });

  it("reads each entity's order, number and name from the page's own records, newest first", () => {
    const facts = subjectFacts([
      { entityId: 'c1', changes: { status: { before: 'Draft', after: 'Signed' } } },
      {
        entityId: 'c1',
        changes: { orderId: { after: 'o1' }, contractNumber: { after: 7 }, customerName: { after: 'Layla' } },
      },
      { entityId: 'u1', changes: { name: { before: 'Yousef Amin', after: 'Yousef Al Amin' } } },
      { entityId: 'u1', changes: { name: { after: 'Yousef Amin' } } },
    ]);
    expect(facts.get('c1')).toEqual({ orderId: 'o1', contractNumber: 7 });
    expect(facts.get('u1')).toEqual({ name: 'Yousef Al Amin' });
  });
});

describe('console: what the inspection panel offers next', () => {
  const open = { status: 'Pending' as const, allowedStatusTransitions: ['InProgress' as const, 'Cancelled' as const] };
  const completed = { status: 'Completed' as const, allowedStatusTransitions: [] };
  const cancelled = { status: 'Cancelled' as const, allowedStatusTransitions: [] };
  it('offers a booking while the order has none under way or done, from what the API says', () => {
    expect(offersScheduling({ isTerminal: false }, [])).toBe(true);
    expect(offersScheduling({ isTerminal: false }, [cancelled])).toBe(true);
    expect(offersScheduling({ isTerminal: false }, [open])).toBe(false);
    expect(offersScheduling({ isTerminal: false }, [cancelled, completed])).toBe(false);
    expect(offersScheduling({ isTerminal: true }, [])).toBe(false);
  });
});

describe('console: what a save says', () => {
  it("has words for each resource's create and edit in both languages, in place of react-admin's generic ones", () => {
    const messages = (catalogue: typeof en, name: string) =>
      (catalogue.resources as Record<string, { notifications?: Record<string, string> }>)[name]?.notifications ?? {};
    // Every resource the console creates (its create routes) and the two it edits (staff, webhook endpoints).
    const expected = [
      ...Object.keys(CREATE_ROUTES).map((name) => `${name}.created`),
      'users.updated',
      'webhook-endpoints.updated',
    ];
    expect(expected).toHaveLength(7);
    for (const catalogue of [en, ar])
      for (const key of expected) {
        const [name = '', kind = ''] = key.split('.');
        expect([key, messages(catalogue, name)[kind]]).toEqual([key, expect.stringMatching(/\S/)]);
      }
    expect(
      makeI18nProvider('ar', { en, ar }).translate('resources.customers.notifications.created', { smart_count: 1 }),
    ).toBe('تم إنشاء العميل.');
  });
});
