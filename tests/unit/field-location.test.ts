import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateField } from '../../lib/http/field-location.js';

const route = {
  paramNames: ['id', 'step'],
  bodyNames: ['date', 'items', 'version'],
  queryNames: ['cursor', 'yearFrom'],
};

describe('a field a use case names', () => {
  it('is placed where the request carried it: the path, the body, then the query', () => {
    expect(locateField('id', route)).toBe('path.id');
    expect(locateField('step', route)).toBe('path.step');
    expect(locateField('date', route)).toBe('body.date');
    expect(locateField('items[2].amount', route)).toBe('body.items[2].amount');
    expect(locateField('yearFrom', route)).toBe('query.yearFrom');
  });

  it('keeps what is placed already, a header, and names no route has', () => {
    expect(locateField('body.date', route)).toBe('body.date');
    expect(locateField('query.cursor', route)).toBe('query.cursor');
    expect(locateField('body', route)).toBe('body');
    expect(locateField('If-Match', route)).toBe('If-Match');
    expect(locateField('X-API-Key', route)).toBe('X-API-Key');
    expect(locateField('nothing', { queryNames: ['cursor'] })).toBe('nothing');
    expect(locateField('notListed', route)).toBe('body.notListed');
  });

  it('keeps a field of another record the request needs (a document names the profile, customs invoice, shipment or car field it lacks)', () => {
    expect(locateField('profile.bank.iban', route)).toBe('profile.bank.iban');
    expect(locateField('customsInvoice.portOfDischarge', route)).toBe('customsInvoice.portOfDischarge');
    expect(locateField('shipment.portOfLoading', route)).toBe('shipment.portOfLoading');
    expect(locateField('car.vin', route)).toBe('car.vin');
  });
});

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('use cases, rules and the data layer', () => {
  it('name input fields without saying where in an HTTP request they were (the pipeline does)', () => {
    const located = ['lib/use-cases', 'lib/domain', 'lib/store', 'lib/catalogue']
      .flatMap(sources)
      .filter((file) => /['`](body|query|path)\.[A-Za-z$]/.test(readFileSync(file, 'utf8')));

    expect(located).toEqual([]);
  });
});
