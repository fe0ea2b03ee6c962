import { useLocaleState } from 'react-admin';
import { useMe } from '../auth/useMe.js';
import { formatDateTime, formatDay, formatMoney, formatNumber, type Language } from '../i18n/format.js';

/** The console's language and the tenant's time zone, for formatting. */
export function useFormat() {
  const [locale] = useLocaleState();
  const { me } = useMe();
  const language: Language = locale === 'ar' ? 'ar' : 'en';
  const timeZone = me?.tenant?.timeZone;
  return {
    language,
    // In running text an amount is a left-to-right isolate (U+2066 ... U+2069), so Arabic text around it keeps its order.
    money: (amount: number | null | undefined, currency: string | null | undefined) =>
      `\u2066${formatMoney(amount, currency, language)}\u2069`,
    number: (value: number | null | undefined) => formatNumber(value, language),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language, timeZone),
    day: (iso: string | null | undefined) => formatDay(iso, language, timeZone),
  };
}

export function Money({
  amount,
  currency,
}: {
  amount: number | null | undefined;
  currency: string | null | undefined;
}) {
  const { language } = useFormat();
  // Left to right inside Arabic too: the amount and its currency code stay in one readable run.
  return <bdi dir="ltr">{formatMoney(amount, currency, language)}</bdi>;
}

export function When({ iso, day }: { iso: string | null | undefined; day?: boolean }) {
  const format = useFormat();
  return <time dateTime={iso ?? undefined}>{day ? format.day(iso) : format.dateTime(iso)}</time>;
}
