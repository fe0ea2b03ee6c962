import { describe, expect, it, vi } from 'vitest';
import { idempotencyPutItem, idempotencyRecordOf } from '../../lib/store/idempotency.js';

/**
 * An Idempotency-Key's answer is stored as its JSON text (deflated when smaller), so that a replay
 * answers the first answer's very bytes: a DynamoDB map keeps no key order. Answers stored before,
 * as maps, read as they were.
 */
vi.stubEnv('TABLE_NAME', 'idempotency-answer-test');
const NOW = Date.parse('2026-11-27T05:00:00.000Z');

const stored = (answer: unknown) =>
  idempotencyPutItem('k1', 'retry-1', { requestHash: 'f00d', data: answer }, NOW).Put!.Item as Record<string, unknown>;

describe("an Idempotency-Key's answer", () => {
  it('reads back with its keys in the order they were answered, small or large', () => {
    const small = { zeta: 1, alpha: 'a', mid: { y: 2, b: [3, { d: 4, c: 5 }] } };
    const large = {
      ...small,
      notes: 'لا شيء، شكرًا '.repeat(40),
      carDetails: { title: 'Kia K5', year: 2022, images: ['s3://b/1.jpg'] },
    };
    for (const answer of [small, large]) {
      const record = idempotencyRecordOf(stored(answer), NOW);
      expect(JSON.stringify(record?.data)).toBe(JSON.stringify(answer));
    }
  });

  it('is kept deflated when that is smaller, and as its text otherwise', () => {
    expect(stored({ id: 'o1' })).toMatchObject({ data: '{"id":"o1"}' });
    const large = stored({ notes: 'shipment notes '.repeat(60) });
    expect(large).not.toHaveProperty('data');
    expect(large.dataDeflated).toBeInstanceOf(Uint8Array);
  });

  it('stored before as a map, reads as it did', () => {
    const item = {
      pk: 'IDEMPOTENCY#k1#old',
      sk: 'IDEMPOTENCY',
      entity: 'idempotency',
      requestHash: 'f00d',
      data: { id: 'o1', total: 5 },
      createdAt: 'x',
    };
    expect(idempotencyRecordOf({ ...item, expiresAt: NOW / 1000 + 60 }, NOW)?.data).toEqual({ id: 'o1', total: 5 });
  });

  it('is gone once expired, whatever the table has not yet removed', () => {
    expect(idempotencyRecordOf({ ...stored({ id: 'o1' }), expiresAt: NOW / 1000 }, NOW)).toBeUndefined();
  });
});
