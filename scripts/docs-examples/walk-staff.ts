import { call, type Json } from './recorder.js';
import { type Keys, squarePng } from './walk-data.js';

/** The tenant's staff: users and their keys, its legal profile, a key over its quota, the audit trail. */
export async function staff(keys: Keys, orderId: string): Promise<void> {
  const { admin, operations } = keys;
  // Staff users and their keys (admin).
  const inspectors = (await call('listUsers', { key: admin, query: { role: 'inspector' } })).body.data as Json[];
  await call('listInspectors', { key: operations, note: 'whom an inspection can name' });

  // The tenant's legal profile: the seller its documents name (admin sets, operations read).
  // The demo seed gave the tenant a complete profile (scripts/local/demo-profiles.ts): `missing` lists nothing.
  await call('getTenantProfile', { key: operations, note: 'as the demo seed set it: every document can be generated' });
  const sellerProfile = {
    legalName: { en: 'Gulf Motors Trading LLC', ar: 'شركة جلف موتورز للتجارة ذ.م.م' },
    address: { line1: 'Office 1204, Al Moosa Tower 2', city: 'Dubai', country: 'AE' },
    registrationNumber: 'DED-1029384',
    taxNumber: '100234567800003',
    phone: '+97143334444',
    email: 'accounts@gulfmotors.example',
    bank: {
      bankName: 'Emirates NBD',
      accountName: 'Gulf Motors Trading LLC',
      iban: 'AE07 0331 2345 6789 0123 456',
      swift: 'EBILAEAD',
    },
    defaultIncoterms: 'CFR',
    portOfLoading: 'Incheon, Korea',
  };
  await call('putTenantProfile', {
    key: admin,
    body: sellerProfile,
    note: 'the IBAN is stored without its spaces; the logo and stamp stay',
  });
  await call('putTenantProfile', {
    key: admin,
    body: { ...sellerProfile, bank: { ...sellerProfile.bank, iban: 'AE08 0331 2345 6789 0123 456' } },
    expect: 400,
    note: 'an IBAN whose check digits do not match',
  });
  await call('putTenantProfile', {
    key: admin,
    headers: { 'If-Match': '"1"' },
    body: sellerProfile,
    expect: 412,
    note: 'If-Match names a version that is no longer current: someone saved the profile since',
  });
  await call('putTenantProfile', {
    key: admin,
    body: { ...sellerProfile, version: 1 },
    expect: 409,
    note: 'body.version is no longer current: someone saved the profile since',
  });
  await call('putTenantProfileImage', {
    key: admin,
    path: { image: 'stamp' },
    body: { contentType: 'image/png', data: squarePng(160).toString('base64') },
  });
  await call('deleteTenantProfileImage', { key: admin, path: { image: 'logo' }, note: 'the profile has no logo now' });
  const user = (
    await call('createUser', {
      key: admin,
      body: {
        name: 'Hana Choi',
        role: 'operations',
        mobileNumber: '+971501110009',
        email: 'hana@gulfmotors.example',
        language: 'en',
      },
    })
  ).body.data;
  await call('createUser', {
    key: admin,
    body: { name: 'Hana C.', role: 'operations', mobileNumber: '+971501110009' },
    expect: 409,
    note: 'the mobile number is taken in this tenant',
  });
  await call('getUser', { key: admin, path: { id: user.id } });
  await call('updateUser', { key: admin, path: { id: user.id }, body: { language: 'ar' } });
  await call('updateUser', {
    key: admin,
    path: { id: user.id },
    body: { mobileNumber: inspectors[0]!.mobileNumber },
    expect: 409,
    note: 'the mobile number is another user’s in this tenant',
  });
  const issued = (
    await call('issueApiKey', {
      key: admin,
      body: { name: 'Hana laptop', userId: user.id },
      note: 'the key is shown in this answer only',
    })
  ).body.data;
  await call('getMe', { key: issued.key, note: 'an operations user’s key' });
  await call('listApiKeys', { key: admin, skip: true });
  const rotated = (
    await call('rotateApiKey', { key: admin, path: { id: issued.apiKey.id }, body: { graceSeconds: 3600 } })
  ).body.data;
  await call('rotateApiKey', {
    key: admin,
    path: { id: issued.apiKey.id },
    body: {},
    expect: 409,
    note: 'a key rotates once',
  });
  await call('revokeApiKey', { key: admin, path: { id: rotated.apiKey.id } });
  await call('deactivateUser', { key: admin, path: { id: user.id } });
  await call('issueApiKey', {
    key: admin,
    body: { name: 'Hana tablet', userId: user.id },
    expect: 409,
    note: 'the user is deactivated',
  });
  await call('listApiKeys', { key: admin, keep: true });
  // A key with a tight limit, to show the refusal an exceeded limit gets.
  const tight = (
    await call('issueApiKey', {
      key: admin,
      // A quota of one request a day refuses the second whatever the machine's speed (a rate of one a second may not).
      body: { name: 'rate-limited', role: 'integrator', rateLimit: { rps: 1, burst: 1, quotaPerDay: 1 } },
      skip: true,
    })
  ).body.data.key as string;
  await call('listOrders', { key: tight, query: { limit: 1 }, skip: true });
  await call('listOrders', {
    key: tight,
    query: { limit: 1 },
    expect: 429,
    note: 'over the key’s daily quota (or its rate); Retry-After says when to try again',
  });
  await call('listAudit', { key: admin, query: { entity: 'order', id: orderId, limit: 2 } });
}
