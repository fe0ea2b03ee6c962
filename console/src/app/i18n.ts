import type { I18nProvider } from 'react-admin';
import type { Language } from '../i18n/format.js';
import { languageStore } from '../i18n/language-store.js';
import { makeI18nProvider } from '../i18n/provider.js';
import { ar, en } from './folders.js';

/** react-admin's translations, telling the page (direction, theme) when the language changes. */
export function consoleI18nProvider(): I18nProvider {
  const base = makeI18nProvider(languageStore.get(), { en, ar });
  return {
    ...base,
    changeLocale: async (locale: string) => {
      await base.changeLocale(locale);
      languageStore.set(locale as Language);
    },
  };
}
