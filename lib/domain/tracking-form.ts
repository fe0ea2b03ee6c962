import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The hidden field of the buyer's page's forms: the form's expiry and an HMAC of the link's
 * token hash and that expiry, with the secret the links are made with. A post is taken only with
 * a field made for this link and not yet expired, so a form copied to another link, kept past
 * its time or forged elsewhere stores nothing.
 */
export const FORM_FIELD = 'form';
const FORM_HOURS = 12;

const mac = (secret: string, tokenHash: string, expiresAt: number): string =>
  createHmac('sha256', secret).update(`tracking-form:${tokenHash}:${expiresAt}`).digest('base64url');

/** The field's value for a page served `now`: expiry (epoch seconds) and its HMAC. */
export function formProof(secret: string, tokenHash: string, now: Date): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + FORM_HOURS * 3600;
  return `${expiresAt}.${mac(secret, tokenHash, expiresAt)}`;
}

/** Whether a posted field was made for this link and is still in time. */
export function formProofHolds(secret: string, tokenHash: string, value: string | undefined, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, tokenHash, expiresAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
