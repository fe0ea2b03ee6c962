import { describe, expect, it } from 'vitest';
import { can, canAny } from '../../console/src/auth/permissions.js';
import { chooseLanguage, direction } from '../../console/src/i18n/language.js';

describe('console permissions from GET /me', () => {
  const routes = ['GET /api/v1/orders', 'PATCH /api/v1/billing/{id}/confirm'];
  it('allows exactly the listed routes', () => {
    expect(can(routes, 'GET /api/v1/orders')).toBe(true);
    expect(can(routes, 'PATCH /api/v1/billing/{id}/confirm')).toBe(true);
    expect(can(routes, 'POST /api/v1/billing')).toBe(false);
    expect(can(undefined, 'GET /api/v1/orders')).toBe(false);
    expect(canAny(routes, ['POST /api/v1/billing', 'GET /api/v1/orders'])).toBe(true);
    expect(canAny(routes, [])).toBe(false);
  });
});

describe('console language', () => {
  const me = (user: 'en' | 'ar' | null, tenant: 'en' | 'ar' | null) => ({
    user: user ? { language: user } : null,
    tenant: tenant ? { defaultLanguage: tenant } : null,
  });
  it("takes the person's choice, else their language, else the tenant's, else English", () => {
    expect(chooseLanguage(me('en', 'en'), 'ar')).toBe('ar');
    expect(chooseLanguage(me('ar', 'en'), null)).toBe('ar');
    expect(chooseLanguage(me(null, 'ar'), undefined)).toBe('ar');
    expect(chooseLanguage(me(null, null), 'fr')).toBe('en');
    expect(chooseLanguage(undefined, null)).toBe('en');
  });
  it('writes Arabic right to left', () => {
    expect(direction('ar')).toBe('rtl');
    expect(direction('en')).toBe('ltr');
  });
});
