import { describe, expect, it } from 'vitest';
import { buyerMayChangeConsignee, checkConsignee } from '../../lib/domain/consignee.js';
import { courierTrackingUrl } from '../../lib/domain/document-courier.js';
import { formProof, formProofHolds } from '../../lib/domain/tracking-form.js';

const valid = {
  name: 'Al Noor Trading LLC',
  address: 'Office 12, Al Quoz 3',
  city: 'Dubai',
  country: 'United Arab Emirates',
  phone: '+971 50 123 4567',
  idNumber: '784-1987-1234567-1',
};

describe("the buyer's consignee form", () => {
  it('takes the details trimmed, the phone in E.164, and leaves out empty optional fields', () => {
    expect(checkConsignee({ ...valid, name: '  Al Noor Trading LLC ', email: '', notifyParty: ' ' })).toEqual({
      ok: true,
      details: { ...valid, phone: '+971501234567' },
    });
    const full = checkConsignee({ ...valid, email: 'a@b.example', notifyParty: 'Agent' });
    expect(full).toMatchObject({ ok: true, details: { email: 'a@b.example', notifyParty: 'Agent' } });
  });

  it('names every field that is wrong, each with its problem', () => {
    expect(
      checkConsignee({
        ...valid,
        name: '',
        city: 'x'.repeat(101),
        phone: '050 123 4567',
        email: 'not an address',
        idNumber: undefined,
      }),
    ).toEqual({
      ok: false,
      problems: { name: 'required', city: 'tooLong', phone: 'phone', email: 'email', idNumber: 'required' },
    });
  });

  it('is open to the buyer until the bill of lading is recorded', () => {
    const booked: { billOfLadingNumber?: string; billOfLadingUrl?: string } = { billOfLadingNumber: 'BL1' };
    expect(buyerMayChangeConsignee(undefined)).toBe(true);
    expect(buyerMayChangeConsignee(booked)).toBe(true);
    expect(
      buyerMayChangeConsignee({ ...booked, billOfLadingNumber: 'BL1', billOfLadingUrl: 'https://x.example/bl.pdf' }),
    ).toBe(false);
  });
});

describe("the forms' hidden field", () => {
  const secret = 'test-secret';
  const now = new Date('2026-11-20T10:00:00Z');

  it('holds for the link it was made for, until it expires', () => {
    const proof = formProof(secret, 'hash-a', now);
    expect(formProofHolds(secret, 'hash-a', proof, now)).toBe(true);
    expect(formProofHolds(secret, 'hash-a', proof, new Date(now.getTime() + 11 * 3_600_000))).toBe(true);
    expect(formProofHolds(secret, 'hash-a', proof, new Date(now.getTime() + 12 * 3_600_000))).toBe(false);
  });

  it('does not hold for another link, another secret, a changed expiry or signature, or nothing', () => {
    const proof = formProof(secret, 'hash-a', now);
    const [expiry, mac] = proof.split('.') as [string, string];
    expect(formProofHolds(secret, 'hash-b', proof, now)).toBe(false);
    expect(formProofHolds('other-secret', 'hash-a', proof, now)).toBe(false);
    expect(formProofHolds(secret, 'hash-a', `${Number(expiry) + 3600}.${mac}`, now)).toBe(false);
    expect(formProofHolds(secret, 'hash-a', `${expiry}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, now)).toBe(
      false,
    );
    expect(formProofHolds(secret, 'hash-a', undefined, now)).toBe(false);
    expect(formProofHolds(secret, 'hash-a', '', now)).toBe(false);
  });
});

describe("the courier's tracking page", () => {
  it("links each courier's own page with the number, and none for another courier", () => {
    expect(courierTrackingUrl('DHL', '1234567890')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    );
    expect(courierTrackingUrl('FedEx', '7712 3456 7890')).toBe('https://www.fedex.com/fedextrack/?trknbr=771234567890');
    expect(courierTrackingUrl('Aramex', '44123')).toBe(
      'https://www.aramex.com/us/en/track/results?mode=0&ShipmentNumber=44123',
    );
    expect(courierTrackingUrl('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(courierTrackingUrl('EMS', 'EE123456789KR')).toBe(
      'https://service.epost.go.kr/trace.RetrieveEmsRigiTraceList.comm?POST_CODE=EE123456789KR',
    );
    expect(courierTrackingUrl('other', '123')).toBeUndefined();
    expect(courierTrackingUrl('DHL', '12&x=<b>')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=12%26x%3D%3Cb%3E',
    );
  });
});
