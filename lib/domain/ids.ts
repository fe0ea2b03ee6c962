import { createId } from '@paralleldrive/cuid2';

export const newId = (): string => createId();

/**
 * A customer's wallet id is derived from the customer id (still a CUID-shaped string), so an
 * order can read the customer and the wallet in one BatchGet without first learning the id.
 */
export const walletIdFor = (customerId: string): string => `w${customerId}`;

/** The customer a wallet belongs to (the inverse of walletIdFor); undefined for an id not of that form. */
export const customerIdOfWallet = (walletId: string): string | undefined => (walletId.startsWith('w') && walletId.length > 1 ? walletId.slice(1) : undefined);
