/** Record ids (lib/domain/ids.ts): CUID2-shaped, distinct, and valid where the API takes an id. */
import { describe, expect, it } from 'vitest';
import { customerIdOfWallet, newId, walletIdFor } from '../../lib/domain/ids.js';

describe('newId', () => {
  it("makes 24 characters: a lower-case letter, then lower-case letters and digits (the Id schema's pattern)", () => {
    for (let i = 0; i < 2000; i += 1) expect(newId()).toMatch(/^[a-z][a-z0-9]{23}$/);
  });

  it('never repeats in 200,000 ids', () => {
    const ids = new Set(Array.from({ length: 200_000 }, newId));
    expect(ids.size).toBe(200_000);
  });

  it('spreads its first letter and its characters, so ids do not cluster', () => {
    const firsts = new Set(Array.from({ length: 5000 }, () => newId()[0]));
    const seconds = new Set(Array.from({ length: 5000 }, () => newId()[1]));
    expect(firsts.size).toBe(26);
    expect(seconds.size).toBeGreaterThanOrEqual(30);
  });

  it('derives a wallet id from its customer id and back', () => {
    const customer = newId();
    expect(customerIdOfWallet(walletIdFor(customer))).toBe(customer);
    expect(customerIdOfWallet('x')).toBeUndefined();
  });
});
