/** The tenant's legal profile over HTTP: GET/PUT /api/v1/tenant-profile and its logo and stamp. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey } from '../support/http.js';
import { png } from '../support/png.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

let tenantId: string;
let admin: string;
let operations: string;
let other: string;

const profile = {
  legalName: { en: 'Doha Auto Export W.L.L.', ar: 'الدوحة لتصدير السيارات ذ.م.م' },
  address: { line1: 'Building 12, Salwa Road', city: 'Doha', country: 'QA' },
  registrationNumber: 'CR-154321',
  phone: '+97444445555',
  email: 'accounts@dohaauto.example',
  bank: {
    bankName: 'Doha Bank',
    accountName: 'Doha Auto Export W.L.L.',
    iban: 'QA58 DOHB 0000 1234 5678 90AB CDEF G',
    swift: 'dohbqaqa',
  },
  defaultIncoterms: 'CFR',
  portOfLoading: 'Incheon, Korea',
};

beforeAll(async () => {
  const subdomain = `prof${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `Profile ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
      country: 'QA',
    })
  ).id;
  admin = (await newApiKey({ role: 'admin', tenantId })).key;
  operations = (await newApiKey({ userId: await newStaffUser('operations', tenantId) })).key;
  const otherSubdomain = `prof2${Date.now().toString(36)}`;
  const otherTenant = (
    await createTenant({
      name: `Other ${otherSubdomain}`,
      subdomain: otherSubdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  other = (await newApiKey({ role: 'admin', tenantId: otherTenant })).key;
});

describe('the tenant profile', () => {
  it('starts empty, at version 0, listing what each document needs', async () => {
    const res = await api('GET', '/api/v1/tenant-profile', { key: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.version).toBe(0);
    expect(res.body.data.missing['customs-invoice']).toEqual(
      expect.arrayContaining(['legalName.en', 'registrationNumber', 'stamp']),
    );
    expect(res.body.data.missing['proforma-invoice']).toEqual(expect.arrayContaining(['bank.iban', 'bank.swift']));
  });

  it('is set by an admin, stored as banks print it, audited, and read by operations', async () => {
    const saved = await api('PUT', '/api/v1/tenant-profile', { key: admin, body: { ...profile, version: 0 } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.get('etag')).toBe('"1"');
    expect(saved.body.data).toMatchObject({ version: 1, legalName: profile.legalName, defaultIncoterms: 'CFR' });
    expect(saved.body.data.bank).toEqual({ ...profile.bank, iban: 'QA58DOHB00001234567890ABCDEFG', swift: 'DOHBQAQA' });
    expect(saved.body.data.missing).toEqual({
      'customs-invoice': ['stamp'],
      'proforma-invoice': [],
      contract: ['stamp'],
    });
    expect(saved.body.data.missingInArabic).toEqual({
      'customs-invoice': ['stamp'],
      'proforma-invoice': [],
      contract: ['stamp'],
    });

    const read = await api('GET', '/api/v1/tenant-profile', { key: operations });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.registrationNumber).toBe('CR-154321');

    const audit = await api('GET', `/api/v1/audit?entity=tenant&id=${tenantId}`, { key: admin });
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data.map((record: { action: string }) => record.action)).toContain('profile-updated');
  });

  it('refuses a save over a newer version (409 with the body, 412 with If-Match) and leaves the profile as it was', async () => {
    const stale = await api('PUT', '/api/v1/tenant-profile', {
      key: admin,
      body: { ...profile, registrationNumber: 'CR-0', version: 0 },
    });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    expect(stale.body.details[0]).toMatchObject({ field: 'body.version', currentVersion: 1 });
    const header = await api('PUT', '/api/v1/tenant-profile', {
      key: admin,
      body: { ...profile, registrationNumber: 'CR-0' },
      headers: { 'If-Match': '"0"' },
    });
    expect(header.status, header.text).toBe(412);
    const read = await api('GET', '/api/v1/tenant-profile', { key: admin });
    expect(read.body.data.registrationNumber).toBe('CR-154321');
    // The read gives the version as its ETag, the If-Match a save takes (the stale one above was refused by it).
    expect(read.headers.get('etag')).toBe(`"${read.body.data.version}"`);
  });

  it('refuses a wrong IBAN, SWIFT, Incoterm, email or country, naming each field, and writes nothing', async () => {
    const res = await api('PUT', '/api/v1/tenant-profile', {
      key: admin,
      body: {
        ...profile,
        bank: { ...profile.bank, iban: 'QA59DOHB00001234567890ABCDEFG', swift: 'DOH' },
        defaultIncoterms: 'FOB Incheon',
        email: 'accounts',
        address: { ...profile.address, country: 'Qatar' },
      },
    });
    expect(res.status, res.text).toBe(400);
    const fields = res.body.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['body.defaultIncoterms', 'body.email', 'body.address.country']));
    const bank = await api('PUT', '/api/v1/tenant-profile', {
      key: admin,
      body: { ...profile, bank: { ...profile.bank, iban: 'QA59DOHB00001234567890ABCDEFG', swift: 'DOH1QAQA' } },
    });
    expect(bank.status, bank.text).toBe(400);
    expect(bank.body.details).toEqual([
      { field: 'body.bank.iban', message: expect.stringMatching(/check digits 59/) },
      { field: 'body.bank.swift', message: expect.stringMatching(/8 or 11/) },
    ]);
    expect((await api('GET', '/api/v1/tenant-profile', { key: admin })).body.data.version).toBe(1);
  });

  it('takes a stamp checked from its bytes, gives a download address, and keeps it through a text save', async () => {
    const image = png(240, 240);
    const wrongType = await api('PUT', '/api/v1/tenant-profile/stamp', {
      key: admin,
      body: { contentType: 'image/jpeg', data: image.toString('base64') },
    });
    expect(wrongType.status, wrongType.text).toBe(400);
    expect(wrongType.body.details[0]).toMatchObject({
      field: 'body.data',
      message: expect.stringMatching(/image\/png image, not the image\/jpeg/),
    });
    const notBase64 = await api('PUT', '/api/v1/tenant-profile/stamp', {
      key: admin,
      body: { contentType: 'image/png', data: 'not base64 at all!' },
    });
    expect(notBase64.status, notBase64.text).toBe(400);
    const tiny = await api('PUT', '/api/v1/tenant-profile/logo', {
      key: admin,
      body: { contentType: 'image/png', data: png(8, 8).toString('base64') },
    });
    expect(tiny.status, tiny.text).toBe(400);

    const res = await api('PUT', '/api/v1/tenant-profile/stamp', {
      key: admin,
      body: { contentType: 'image/png', data: image.toString('base64') },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.stamp).toMatchObject({
      contentType: 'image/png',
      width: 240,
      height: 240,
      bytes: image.length,
    });
    expect(res.body.data.missing).toEqual({ 'customs-invoice': [], 'proforma-invoice': [], contract: [] });
    const download = await fetch(res.body.data.stamp.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(image)).toBe(true);

    const resaved = await api('PUT', '/api/v1/tenant-profile', {
      key: admin,
      body: { ...profile, taxNumber: '300012345600003' },
    });
    expect(resaved.status, resaved.text).toBe(200);
    expect(resaved.body.data.stamp).toMatchObject({ width: 240 });
    expect(resaved.body.data.taxNumber).toBe('300012345600003');

    const removed = await api('DELETE', '/api/v1/tenant-profile/stamp', { key: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.stamp).toBeUndefined();
    expect(removed.body.data.missing['customs-invoice']).toEqual(['stamp']);
  });

  it("is each tenant's own, set by its admins only (platform staff name the tenant), and closed to marketers and integrators", async () => {
    const theirs = await api('GET', '/api/v1/tenant-profile', { key: other });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.data.version).toBe(0);
    expect(theirs.body.data.legalName).toBeUndefined();

    expect((await api('PUT', '/api/v1/tenant-profile', { key: operations, body: profile })).status).toBe(403);
    expect(
      (
        await api('PUT', '/api/v1/tenant-profile/logo', {
          key: operations,
          body: { contentType: 'image/png', data: png(64, 64).toString('base64') },
        })
      ).status,
    ).toBe(403);
    for (const role of ['marketer', 'integrator', 'inspector'] as const) {
      expect((await api('GET', '/api/v1/tenant-profile', { key: demoKey(role) })).status, role).toBe(403);
    }
    // Platform staff name the tenant; a tenant's own key cannot name another.
    const unnamed = await api('GET', '/api/v1/tenant-profile', { key: demoKey('platform') });
    expect(unnamed.status, unnamed.text).toBe(400);
    expect(unnamed.body.details[0]).toMatchObject({
      field: 'query.tenantId',
      message: expect.stringMatching(/required with a platform key/),
    });
    const named = await api('GET', `/api/v1/tenant-profile?tenantId=${tenantId}`, { key: demoKey('platform') });
    expect(named.status, named.text).toBe(200);
    expect(named.body.data.registrationNumber).toBe('CR-154321');
    expect(
      (await api('GET', '/api/v1/tenant-profile?tenantId=cz0unknown0tenant000000', { key: demoKey('platform') }))
        .status,
    ).toBe(404);
    expect((await api('GET', `/api/v1/tenant-profile?tenantId=${tenantId}`, { key: other })).status).toBe(403);
    expect(
      (
        await api('PUT', '/api/v1/tenant-profile/signature', {
          key: admin,
          body: { contentType: 'image/png', data: 'AA==' },
        })
      ).status,
    ).toBe(400);
  });
});
