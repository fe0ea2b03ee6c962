import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Ids are CUID2s (24 characters: a lower-case letter, then base 36): the hash (SHA3-512) of the
 * time, a per-container counter that starts at a random point, fresh random bytes and a
 * per-container fingerprint, as @paralleldrive/cuid2 makes them. Node's own crypto does the
 * hashing and the randomness, which keeps a hash library out of every function that writes.
 */
const LENGTH = 24;
const fingerprint = randomBytes(32).toString('hex');
let counter = randomInt(476_782_367);

export function newId(): string {
  const input = `${Date.now().toString(36)}${randomBytes(16).toString('hex')}${(counter++).toString(36)}${fingerprint}`;
  const hashed = BigInt(`0x${createHash('sha3-512').update(input).digest('hex')}`)
    .toString(36)
    .slice(1);
  return `${String.fromCharCode(97 + randomInt(26))}${hashed.slice(0, LENGTH - 1)}`;
}

/**
 * A customer's wallet id is derived from the customer id (still a CUID-shaped string), so an
 * order can read the customer and the wallet in one BatchGet without first learning the id.
 */
export const walletIdFor = (customerId: string): string => `w${customerId}`;

/** The customer a wallet belongs to (the inverse of walletIdFor); undefined for an id not of that form. */
export const customerIdOfWallet = (walletId: string): string | undefined =>
  walletId.startsWith('w') && walletId.length > 1 ? walletId.slice(1) : undefined;
