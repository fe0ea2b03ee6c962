import type { Language } from './format.js';

interface Person {
  user: { language: Language } | null;
  tenant: { defaultLanguage: Language } | null;
}

/**
 * The console's language: the one the person chose with the switch in this browser, else their
 * own (`me.user.language`), else their tenant's default, else English.
 */
export function chooseLanguage(me: Person | undefined, chosen: string | null | undefined): Language {
  if (chosen === 'en' || chosen === 'ar') return chosen;
  return me?.user?.language ?? me?.tenant?.defaultLanguage ?? 'en';
}

export function direction(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
