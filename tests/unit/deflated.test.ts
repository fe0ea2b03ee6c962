import { describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../lib/domain/audit-record.js';
import { auditPutItem, decodeAuditItem } from '../../lib/store/audit-trail.js';
import { packBody, packChanges, unpackBody, unpackChanges } from '../../lib/store/deflated.js';

/**
 * Events' bodies and audit records' changes are stored deflated when that makes the item smaller
 * (lib/store/deflated.ts): what is read back is exactly what was written, and items written
 * before, with the plain attribute, read as they did.
 */
vi.stubEnv('TABLE_NAME', 'deflated-test');
const shipment = {
  vesselName: 'Glovis Century',
  voyageNumber: '051W',
  portOfLoading: 'KRPTK',
  portOfDischarge: 'AEJEA',
  note: 'لا شيء، شكرًا '.repeat(30),
};

const auditRecord = (change: Pick<AuditRecord, 'entity' | 'entityId' | 'action' | 'changes'>): AuditRecord => ({
  id: 'a1',
  tenantId: 't1',
  at: '2026-11-27T05:00:00.000Z',
  actor: { keyId: 'k1', userId: 'u1', role: 'operations' },
  ...change,
});

describe('deflated attributes', () => {
  it('keep a large body deflated, at a fraction of its size, and give back the same string, Arabic included', () => {
    const body = JSON.stringify({ type: 'order.shipped', data: { order: { id: 'o1', shipment } } });
    const packed = packBody(body);
    expect(packed).not.toHaveProperty('body');
    expect((packed as { bodyDeflated: Uint8Array }).bodyDeflated.length).toBeLessThan(Buffer.byteLength(body) / 3);
    expect(unpackBody({ pk: 'x', ...packed })).toEqual({ pk: 'x', body });
  });

  it('keep a body deflation would not shrink as it is, and read an item written before as it was', () => {
    expect(packBody('{}')).toEqual({ body: '{}' });
    expect(unpackBody({ pk: 'x', body: '{"a":1}' })).toEqual({ pk: 'x', body: '{"a":1}' });
    expect(unpackChanges({ pk: 'x', changes: { status: { before: 'Shipped', after: 'Delivered' } } })).toEqual({
      pk: 'x',
      changes: { status: { before: 'Shipped', after: 'Delivered' } },
    });
  });

  it("give an audit record's changes back whole through its item", () => {
    const record = auditRecord({
      entity: 'order',
      entityId: 'o1',
      action: 'shipment.updated',
      changes: { shipment: { before: null, after: shipment } },
    });
    const item = auditPutItem(record).Put!.Item!;
    expect(item).not.toHaveProperty('changes');
    expect(item).toHaveProperty('changesDeflated');
    expect(packChanges(record.changes)).toHaveProperty('changesDeflated');
    expect(decodeAuditItem(item)).toEqual(record);
  });

  it('keep a small change as it is, a map, and read it back', () => {
    const record = auditRecord({
      entity: 'inspection',
      entityId: 'i1',
      action: 'status-changed',
      changes: { status: { before: 'Scheduled', after: 'InProgress' } },
    });
    const item = auditPutItem(record).Put!.Item!;
    expect(item.changes).toEqual(record.changes);
    expect(item).not.toHaveProperty('changesDeflated');
    expect(decodeAuditItem(item)).toEqual(record);
  });
});
