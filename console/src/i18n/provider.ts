import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { type I18nProvider, mergeTranslations } from 'react-admin';
import type { Language } from './format.js';
import { pluralRules } from './plural.js';
import { raArabic } from './ra-arabic.js';

/** react-admin's translations: its own strings and the console's (`messages`, app/folders.ts), in English and Arabic. */
export function makeI18nProvider(initial: Language, messages: { en: object; ar: object }): I18nProvider {
  const catalogues = {
    en: mergeTranslations(englishMessages, messages.en),
    ar: mergeTranslations(englishMessages, raArabic, messages.ar),
  };
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
