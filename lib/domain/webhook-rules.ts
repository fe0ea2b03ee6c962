/**
 * The rules of webhook delivery, as data and pure functions.
 *
 * Retries follow the schedule Standard Webhooks' reference implementation uses: after the first
 * attempt, 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours and 10 hours, so a
 * delivery is tried 8 times over about 27.6 hours before it is given up.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** An endpoint that has answered no attempt with a 2xx for this long (and kept being tried) is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

/** At most this many endpoints per tenant. */
export const MAX_ENDPOINTS_PER_TENANT = 20;

/** The wait before attempt `attempts + 1`, with ±10 % jitter so failed deliveries do not return in step; undefined once all are spent. */
export function nextRetryDelayMs(attempts: number, scale = 1, random = Math.random()): number | undefined {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return undefined;
  return Math.round(delay * scale * (0.9 + random * 0.2));
}

/** Whether a failing endpoint has now failed for long enough to be disabled. */
export const shouldDisable = (
  failingSince: string | undefined,
  nowMs: number,
  disableAfterMs = DISABLE_AFTER_MS,
): boolean => failingSince !== undefined && nowMs - Date.parse(failingSince) >= disableAfterMs;

/** A 2xx answer is a delivery; anything else (redirects included) is a failed attempt. */
export const isDelivered = (status: number | undefined): boolean =>
  status !== undefined && status >= 200 && status < 300;

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[?::1?\]?|\[?f[cd][0-9a-f]{2}:.*|\[?fe80:.*)$/i;

/**
 * Why a URL cannot receive webhooks, or undefined when it can. In AWS only HTTPS to a public
 * host; on the local stack (`allowLocal`) plain http and localhost too, to test against a
 * receiver on the developer's machine.
 */
export function webhookUrlProblem(text: string, allowLocal: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL, e.g. https://example.com/hooks/orders';
  }
  if (url.username || url.password)
    return 'must not carry a user name or password (the signature proves the sender), e.g. https://example.com/hooks/orders';
  if (url.hash)
    return 'must not have a #fragment, which is never sent to the receiver, e.g. https://example.com/hooks/orders';
  if (allowLocal)
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? undefined
      : 'must be an http or https URL, e.g. https://example.com/hooks/orders';
  if (url.protocol !== 'https:') return 'must be an https URL, e.g. https://example.com/hooks/orders';
  if (PRIVATE_HOST.test(url.hostname))
    return 'must point to a public host, not a private or local address, e.g. https://example.com/hooks/orders';
  return undefined;
}
