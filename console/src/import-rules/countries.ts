import { useLocaleState } from 'react-admin';

/** A 2-letter country code as the API takes it, in capitals; nothing for a name or anything else (a customer's free-text country). */
export function countryCodeOf(text: unknown): string | undefined {
  return typeof text === 'string' && /^[A-Za-z]{2}$/.test(text.trim()) ? text.trim().toUpperCase() : undefined;
}

const names = new Map<string, Intl.DisplayNames | undefined>();

/** A country's name in the language, from the browser's own data; the code when it has none. */
function countryName(code: string, language: string): string {
  if (!names.has(language)) {
    try {
      names.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      names.set(language, undefined);
    }
  }
  try {
    return names.get(language)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "Kuwait (KW)" in the console's language. */
export function useCountry(): (code: string) => string {
  const [locale] = useLocaleState();
  return (code) => {
    const name = countryName(code, locale);
    return name === code ? code : `${name} (${code})`;
  };
}
