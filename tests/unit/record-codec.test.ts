import { describe, expect, it } from 'vitest';
import { CorruptRecordError } from '../../lib/store/record.js';
import { tenantCodec } from '../../lib/store/records/tenant.js';

const stored = {
  pk: 'TENANT#t1',
  sk: 'TENANT',
  gsi1pk: 'TENANTS',
  gsi1sk: 'Gulf Motors',
  entity: 'tenant',
  id: 't1',
  name: 'Gulf Motors',
  subdomain: 'gulf',
  markup: '1.08',
  visibleProviders: ['sk', 'glovis'],
  publishedOnly: false,
  createdAt: '2026-11-26T08:00:00.000Z',
};

describe('a record read back from the table', () => {
  it('comes without its key attributes when it has its schema', () => {
    expect(tenantCodec.decode(stored)).toEqual({
      id: 't1',
      name: 'Gulf Motors',
      subdomain: 'gulf',
      markup: '1.08',
      visibleProviders: ['sk', 'glovis'],
      publishedOnly: false,
      createdAt: '2026-11-26T08:00:00.000Z',
    });
  });

  it('keeps attributes a newer version added (a rollback reads them without failing)', () => {
    expect(tenantCodec.decode({ ...stored, legalName: 'Gulf Motors LLC' })).toMatchObject({
      legalName: 'Gulf Motors LLC',
    });
  });

  it.each([
    ['a number where a string is stored', { markup: 1.08 }, '/markup'],
    ['a missing required attribute', { name: undefined }, '/name'],
    ['a value outside its set', { visibleProviders: ['encar'] }, '/visibleProviders/0'],
    ['a wrong optional attribute', { defaultLanguage: 'fr' }, '/defaultLanguage'],
  ])('is refused with %s, naming the record, its key and the attribute', (_, change, path) => {
    const item = Object.fromEntries(
      Object.entries({ ...stored, ...change }).filter(([, value]) => value !== undefined),
    );
    let error: unknown;
    try {
      tenantCodec.decode(item);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CorruptRecordError);
    expect(error).toMatchObject({ entity: 'tenant', key: 'TENANT#t1 TENANT', path });
    expect((error as Error).message).toContain(path);
  });
});
