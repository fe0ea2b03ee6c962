import type { Language } from '../../i18n/format.js';

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'ar';

/**
 * The language a generated document is written in unless the person picks another, from what the
 * API says: a customs invoice in the language stored on the order's customs invoice; otherwise, and
 * for the other documents, the customer's language (theirs, or when they have none the tenant's
 * default, as the API defines it). Only when the customer could not be read, the console's own.
 */
export function documentLanguage(
  type: string,
  known: {
    /** `order.customsInvoice.language`. */
    invoice?: unknown;
    /** The customer as `GET /customers/{id}` gave it; undefined when not read. */
    customer?: { language?: string | null };
    /** `me.tenant.defaultLanguage`. */
    tenant?: string | null;
    console: Language;
  },
): Language {
  if (type === 'customs-invoice' && isLanguage(known.invoice)) return known.invoice;
  if (known.customer) {
    if (isLanguage(known.customer.language)) return known.customer.language;
    if (isLanguage(known.tenant)) return known.tenant;
  }
  return known.console;
}
