import { createHash } from 'node:crypto';
import { trackingPageLimit } from '../../config.js';
import { decide } from '../../domain/rate-limit.js';
import { admitRequest as countRequest } from '../../store/rate-counters.js';

/**
 * The tracking page has no key to count by: it counts by the client's address (a few pages a
 * second, a couple of thousand a day), so no one can try tokens at any useful pace, nor run up
 * the table's bill. The address is kept only as a hash, in a counter gone after two days.
 */
export async function admitPageRequest(
  clientAddress: string,
): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  const now = Date.now();
  const limit = { ...trackingPageLimit(), burst: 0 };
  const who = `TRACK#${createHash('sha256').update(clientAddress).digest('base64url').slice(0, 22)}`;
  const admission = await countRequest(who, now, limit);
  if (admission.admitted) return { admitted: true };
  const decision = decide(limit, admission.counts, now);
  return { admitted: false, retryAfterSeconds: decision.allowed ? 1 : decision.retryAfterSeconds };
}
