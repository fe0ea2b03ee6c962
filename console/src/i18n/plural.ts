/**
 * Plural forms by the language's own rules (Unicode CLDR, as Intl.PluralRules has them): English
 * has two (one, other), Arabic six (zero, one, two, few, many, other). A message with a count is
 * its forms joined by polyglot's " |||| ", in the CLDR order of the categories the language has;
 * polyglot picks the form from `smart_count` with `pluralRules` below.
 */
const ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type Category = (typeof ORDER)[number];

/** The forms of one message: `other` for any category not given. */
export type PluralForms = Partial<Record<Category, string>> & { other: string };

const rules = new Map<string, { select: (count: number) => Category; categories: Category[] }>();

function rulesOf(language: string) {
  let found = rules.get(language);
  if (!found) {
    const plural = new Intl.PluralRules(language);
    const categories = ORDER.filter((category) => plural.resolvedOptions().pluralCategories.includes(category));
    found = { select: (count) => plural.select(count) as Category, categories };
    rules.set(language, found);
  }
  return found;
}

/** A message's forms for polyglot, in the order its plural rule indexes them. */
export function plural(language: string, forms: PluralForms): string {
  return rulesOf(language)
    .categories.map((category) => forms[category] ?? forms.other)
    .join(' |||| ');
}

/** Which form of a message `count` takes in the language (the position of its CLDR category). */
export function pluralIndex(language: string, count: number): number {
  const { select, categories } = rulesOf(language);
  return Math.max(categories.indexOf(select(count)), 0);
}

/** The number of forms a message with a count has in the language. */
export function pluralFormCount(language: string): number {
  return rulesOf(language).categories.length;
}

/** polyglot's `pluralRules` option: the console's languages by Intl.PluralRules instead of its own table. */
export const pluralRules = {
  pluralTypes: {
    cldr_en: (count: number) => pluralIndex('en', count),
    cldr_ar: (count: number) => pluralIndex('ar', count),
  },
  pluralTypeToLanguages: { cldr_en: ['en'], cldr_ar: ['ar'] },
};
