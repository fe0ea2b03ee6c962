import { createHash } from 'node:crypto';
import type { Caller } from '../../domain/caller.js';
import { AppError } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import {
  claimIdempotencyKey,
  getIdempotencyRecord,
  idempotencyPutItem,
  releaseIdempotencyClaim,
  type IdempotencyRecord,
} from '../../store/idempotency.js';
import type { TransactItem } from '../../store/transact.js';
import { RETRY, type RETRY_NOW, withRetries } from './retry.js';

/*
 * The one way a route honours an Idempotency-Key (docs/decisions.md "Idempotency-Key"): the
 * answer is written in the same transaction as the change it answers for, on the condition that
 * the key holds no other request's answer or claim, so the transaction is the claim. A use case
 * that must do something irreversible before its transaction (take an order number) claims the
 * key first, and a claim whose request failed is given up.
 */

/** Canonical JSON (sorted keys), so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What makes two requests the same: the operation, its target and its body. */
const requestFingerprint = (operation: string, target: string, body: unknown): string =>
  createHash('sha256')
    .update(`${operation}\n${target}\n${canonical(body)}`)
    .digest('hex');

const keyReused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request; send a new key for a new request',
    [
      {
        field: 'Idempotency-Key',
        message: 'was already used for a different request: send a new key for a new request, the same body to retry',
      },
    ],
  );

/** What a key's record settles of an attempt: the answer to give, or RETRY to wait for another request's answer. */
export interface Replayed<T> {
  answer: T | typeof RETRY;
}

/**
 * One request's Idempotency-Key across the attempts of its use case. Without a key every step
 * is a no-op, so a use case reads the same with or without one.
 */
export class RequestKey<T> {
  #claimToken: string | undefined;
  #answerItem: TransactItem | undefined;

  constructor(
    private readonly keyId: string,
    /** The Idempotency-Key header; undefined when the request has none. */
    readonly key: string | undefined,
    private readonly fingerprint: string,
  ) {}

  /** Where the key's record is, for a use case that reads it in its own BatchGet; undefined without a key. */
  get address(): { keyId: string; key: string } | undefined {
    return this.key === undefined ? undefined : { keyId: this.keyId, key: this.key };
  }

  /**
   * What the key's record settles: nothing when there is none or it is this request's own claim
   * (go on), a wait while another request with this key and body is at work, its answer when it
   * has one, and 409 IDEMPOTENCY_KEY_REUSED when the key was taken by another body.
   */
  replay(record: IdempotencyRecord | undefined): Replayed<T> | undefined {
    if (!record || (this.#claimToken !== undefined && record.claimToken === this.#claimToken)) return undefined;
    if (record.requestHash !== this.fingerprint) throw keyReused();
    return { answer: record.pending ? RETRY : (record.data as T) };
  }

  /**
   * Claims the key before a step that cannot be undone, so that of concurrent requests with it
   * only one takes that step (one conditional write, once per request). False when another
   * request holds it: read the key again (RETRY_NOW) to wait for its answer.
   */
  async claim(): Promise<boolean> {
    if (this.key === undefined || this.#claimToken !== undefined) return true;
    const token = newId();
    if (!(await claimIdempotencyKey(this.keyId, this.key, this.fingerprint, token))) return false;
    this.#claimToken = token;
    return true;
  }

  /** The answer's item, for the use case's own transaction: it replaces only this request's own claim. */
  answerItems(answer: T): TransactItem[] {
    if (this.key === undefined) return [];
    this.#answerItem = idempotencyPutItem(
      this.keyId,
      this.key,
      { requestHash: this.fingerprint, data: answer },
      Date.now(),
      this.#claimToken,
    );
    return [this.#answerItem];
  }

  /** Whether a transaction failed on the answer's item: another request with this key answered first (read the key again at once). */
  answeredMeanwhile(failed: readonly TransactItem[]): boolean {
    return this.#answerItem !== undefined && failed.includes(this.#answerItem);
  }

  /** Gives up this request's claim after it failed, so a retry with the key goes ahead at once. */
  async release(): Promise<void> {
    if (this.key !== undefined && this.#claimToken !== undefined)
      await releaseIdempotencyClaim(this.keyId, this.key, this.#claimToken);
  }
}

/**
 * Reads the key's record (one GetItem) and settles the attempt from it (see RequestKey.replay). A
 * function, not a method, so a use case that reads the key in its own BatchGet (createOrder) does
 * not bundle the GetItem.
 */
export async function readKey<T>(key: RequestKey<T>): Promise<Replayed<T> | undefined> {
  const address = key.address;
  return address === undefined ? undefined : key.replay(await getIdempotencyRecord(address.keyId, address.key));
}

/** What an attempt returns: the answer, or RETRY / RETRY_NOW to read again (after a pause / at once). */
export type Attempt<T> = (key: RequestKey<T>, n: number) => Promise<T | typeof RETRY | typeof RETRY_NOW>;

/**
 * Runs a use case under the request's Idempotency-Key: its attempts (read, decide, one
 * transaction) are retried until one settles, as withRetries does, and a request that fails
 * gives up the claim it took. Each attempt settles the key first (`readKey(key)`, or
 * `key.replay(record)` of its own read), claims it before anything irreversible (`key.claim()`),
 * adds `key.answerItems(answer)` to its transaction, and reads again at once when
 * `key.answeredMeanwhile(failed)`.
 */
export async function idempotent<T>(
  caller: Pick<Caller, 'keyId'>,
  key: string | undefined,
  request: { operation: string; target?: string; body: unknown },
  attempt: Attempt<T>,
): Promise<T> {
  const requestKey = new RequestKey<T>(
    caller.keyId,
    key,
    requestFingerprint(request.operation, request.target ?? '', request.body),
  );
  try {
    return await withRetries((n) => attempt(requestKey, n));
  } catch (error) {
    await requestKey.release().catch(() => undefined);
    throw error;
  }
}
