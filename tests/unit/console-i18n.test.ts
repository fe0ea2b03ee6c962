import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { ar, en } from '../../console/src/app/folders.js';
import { pluralFormCount, pluralIndex } from '../../console/src/i18n/plural.js';
import { makeI18nProvider } from '../../console/src/i18n/provider.js';
import { raArabic } from '../../console/src/i18n/ra-arabic.js';

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The placeholders a message uses in any of its forms (a plural form may leave the count out: "one order"). */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]!))].sort();
}

function values(messages: object): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object') walk(value, `${prefix}${key}.`);
      else out.set(`${prefix}${key}`, String(value));
    }
  };
  walk(messages, '');
  return out;
}

describe('console message catalogues', () => {
  it('has every console string in Arabic, with the same placeholders', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
    const english = values(en);
    for (const [key, text] of values(ar))
      expect([key, placeholders(text)]).toEqual([key, placeholders(english.get(key)!)]);
  });

  it('has every react-admin string in Arabic, with the same placeholders', () => {
    expect(keys(raArabic).sort()).toEqual(keys(englishMessages).sort());
    const english = values(englishMessages);
    for (const [key, text] of values(raArabic))
      expect([key, placeholders(text)]).toEqual([key, placeholders(english.get(key)!)]);
  });

  it('gives every message with a count as many forms as the language has plural categories', () => {
    expect([pluralFormCount('en'), pluralFormCount('ar')]).toEqual([2, 6]);
    const forms = (messages: object) =>
      [...values(messages)]
        .filter(([, text]) => text.includes('||||'))
        .map(([key, text]) => [key, text.split('||||').length]);
    for (const [catalogue, language] of [
      [en, 'en'],
      [ar, 'ar'],
      [raArabic, 'ar'],
    ] as const) {
      const plurals = forms(catalogue);
      expect(plurals.length).toBeGreaterThan(0);
      expect(plurals).toEqual(plurals.map(([key]) => [key, pluralFormCount(language)]));
    }
  });

  it('picks the plural form by Intl.PluralRules: Arabic zero, one, two, few, many and other', () => {
    const counts = [0, 1, 2, 3, 11, 100];
    const categories = (language: string) => counts.map((count) => new Intl.PluralRules(language).select(count));
    expect(categories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(counts.map((count) => pluralIndex('ar', count))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(counts.map((count) => pluralIndex('en', count))).toEqual([1, 0, 1, 1, 1, 1]);
    // Past 100 the rule follows the last two digits, as CLDR says.
    expect([101, 102, 103, 111, 1000].map((count) => pluralIndex('ar', count))).toEqual([5, 5, 3, 4, 5]);

    const arabic = makeI18nProvider('ar', { en, ar });
    expect(counts.map((count) => arabic.translate('vpo.admin.replayed', { smart_count: count }))).toEqual([
      'لا توجد عمليات تسليم مستحقة مجددًا.',
      'عملية تسليم واحدة مستحقة مجددًا.',
      'عمليتا تسليم مستحقتان مجددًا.',
      '3 عمليات تسليم مستحقة مجددًا.',
      '11 عملية تسليم مستحقة مجددًا.',
      '100 عملية تسليم مستحقة مجددًا.',
    ]);
    expect(counts.map((count) => arabic.translate('ra.action.bulk_actions', { smart_count: count }))).toEqual([
      'لم يُحدَّد أي عنصر',
      'عنصر واحد محدد',
      'عنصران محددان',
      '3 عناصر محددة',
      '11 عنصرًا محددًا',
      '100 عنصر محدد',
    ]);
    // A resource's name is a label: react-admin's 2 means "the plural", never the dual.
    expect([1, 2].map((count) => arabic.translate('resources.orders.name', { smart_count: count }))).toEqual([
      'طلب',
      'الطلبات',
    ]);

    const english = makeI18nProvider('en', { en, ar });
    expect(counts.map((count) => english.translate('vpo.admin.replayed', { smart_count: count }))).toEqual([
      '0 deliveries are due again.',
      '1 delivery is due again.',
      '2 deliveries are due again.',
      '3 deliveries are due again.',
      '11 deliveries are due again.',
      '100 deliveries are due again.',
    ]);
  });

  it('keeps the plural rules after the language changes', async () => {
    const provider = makeI18nProvider('en', { en, ar });
    await provider.changeLocale('ar');
    expect([2, 11].map((count) => provider.translate('vpo.admin.replayed', { smart_count: count }))).toEqual([
      'عمليتا تسليم مستحقتان مجددًا.',
      '11 عملية تسليم مستحقة مجددًا.',
    ]);
    expect(provider.translate('resources.customers.name', { smart_count: 2 })).toBe('العملاء');
  });

  it('really is Arabic', () => {
    expect(ar.vpo.menu.orders).toMatch(/[\u0600-\u06FF]/);
    expect(raArabic.ra.action.save).toMatch(/[\u0600-\u06FF]/);
  });
});
