import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { type I18nProvider, mergeTranslations } from 'react-admin';
import { ar } from './ar.js';
import { en } from './en.js';
import type { Language } from './format.js';
import { pluralRules } from './plural.js';
import { raArabic } from './ra-arabic.js';

const catalogues = {
  en: mergeTranslations(englishMessages, en),
  ar: mergeTranslations(englishMessages, raArabic, ar),
};

/** react-admin's translations: its own strings and the console's, in English and Arabic. */
export function makeI18nProvider(initial: Language): I18nProvider {
  // allowMissing: the API's own messages (already words) pass through react-admin's notifications as they are.
  // pluralRules: a count picks its form by Intl.PluralRules (Arabic's six forms), not polyglot's own table.
  return polyglotI18nProvider(
    (locale) => (locale === 'ar' ? catalogues.ar : catalogues.en),
    initial,
    [
      { locale: 'en', name: 'English' },
      { locale: 'ar', name: 'العربية' },
    ],
    { allowMissing: true, pluralRules },
  );
}
