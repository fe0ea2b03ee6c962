/**
 * The demo tenants' legal profiles (scripts/local/demo-profiles.ts), which the seed gives them and
 * tests give tenants of their own: complete for every document in both languages, bank codes that
 * pass the service's own checks, a body PUT /tenant-profile accepts, and images it accepts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ibanProblem,
  imageProblem,
  PROFILE_DOCUMENTS,
  profileGaps,
  swiftProblem,
  type StoredImage,
} from '../../lib/domain/tenant-profile.js';
import putProfileRoute from '../../lib/schemas/generated/putTenantProfile.js';
import {
  DEMO_IMAGES_DIR,
  DEMO_PROFILES,
  GULF_MOTORS_PROFILE,
  SEOUL_EXPORT_PROFILE,
  type DemoProfile,
} from '../../scripts/local/demo-profiles.js';
import { drawDemoImages } from '../../scripts/local/make-demo-images.js';

const file = (name: string) => readFileSync(join(DEMO_IMAGES_DIR, name));

/** The profile as stored once the seed has uploaded its images. */
function stored(profile: DemoProfile) {
  const image = (name: string): StoredImage => ({
    key: `demo/${name}`,
    contentType: 'image/png',
    width: 1,
    height: 1,
    bytes: 1,
    uploadedAt: '2026-11-26T10:00:00Z',
  });
  return { ...profile.text, logo: image(profile.images.logo), stamp: image(profile.images.stamp) };
}

/** A PNG's chunks, and its pixels as scanlines (its IDAT data, inflated). */
function pngParts(bytes: Buffer): { header: Buffer; scanlines: Buffer } {
  const chunks: Array<[string, Buffer]> = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    chunks.push([bytes.toString('ascii', at + 4, at + 8), bytes.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  const header = chunks.find(([type]) => type === 'IHDR')![1];
  return {
    header,
    scanlines: inflateSync(Buffer.concat(chunks.filter(([type]) => type === 'IDAT').map(([, data]) => data))),
  };
}

describe('the demo tenants’ legal profiles', () => {
  it('are the seed’s for both demo tenants', () => {
    expect(DEMO_PROFILES).toEqual({
      demotenantgulfmotors0001: GULF_MOTORS_PROFILE,
      demotenantseoulexport001: SEOUL_EXPORT_PROFILE,
    });
  });

  it('leave no document without a field it needs, in English or Arabic', () => {
    for (const [tenant, profile] of Object.entries(DEMO_PROFILES)) {
      for (const document of PROFILE_DOCUMENTS) {
        for (const language of ['en', 'ar'] as const)
          expect(profileGaps(stored(profile), document, language), `${tenant} ${document} ${language}`).toEqual([]);
      }
    }
  });

  it('name banks by an IBAN whose check digits match and a SWIFT/BIC code', () => {
    for (const [tenant, { text }] of Object.entries(DEMO_PROFILES)) {
      expect(ibanProblem(text.bank!.iban!), tenant).toBeUndefined();
      expect(swiftProblem(text.bank!.swift!), tenant).toBeUndefined();
    }
    // A UAE IBAN is 23 characters: AE, check digits, a 3-digit bank code (026: Emirates NBD) and a 16-digit account.
    expect(GULF_MOTORS_PROFILE.text.bank!.iban).toMatch(/^AE\d{2}026\d{16}$/);
    expect(GULF_MOTORS_PROFILE.text.taxNumber).toMatch(/^100\d{12}$/);
    expect(SEOUL_EXPORT_PROFILE.text.registrationNumber).toMatch(/^\d{3}-\d{2}-\d{5}$/);
  });

  it('are each a body PUT /tenant-profile accepts (phone numbers, emails, countries, Incoterms)', () => {
    for (const [tenant, { text }] of Object.entries(DEMO_PROFILES)) {
      const valid = putProfileRoute.validateBody!(text);
      expect(putProfileRoute.validateBody!.errors ?? [], tenant).toEqual([]);
      expect(valid, tenant).toBe(true);
    }
  });
});

describe('the demo logos and stamps (scripts/local/demo/)', () => {
  const images = drawDemoImages();

  it('are each a PNG the profile takes, 200 to 400 pixels a side and well under its size limit', () => {
    expect(images.map((image) => image.file).sort()).toEqual(
      Object.values(DEMO_PROFILES)
        .flatMap((profile) => Object.values(profile.images))
        .sort(),
    );
    for (const image of images) {
      const bytes = file(image.file);
      const checked = imageProblem(bytes, 'image/png');
      expect(checked, image.file).toEqual({
        facts: { contentType: 'image/png', width: image.width, height: image.height },
      });
      for (const side of [image.width, image.height]) expect(side).toBeGreaterThanOrEqual(200);
      for (const side of [image.width, image.height]) expect(side).toBeLessThanOrEqual(400);
      expect(bytes.length, image.file).toBeLessThan(60 * 1024);
    }
  });

  it('are RGBA, the stamps on a transparent ground', () => {
    for (const image of images) {
      const { header, scanlines } = pngParts(file(image.file));
      expect([header[8], header[9]], image.file).toEqual([8, 6]);
      if (!image.file.endsWith('-stamp.png')) continue;
      // Corners and centre of the first row: nothing pressed there (each row starts with its filter byte).
      for (const x of [0, image.width / 2, image.width - 1])
        expect(scanlines[1 + x * 4 + 3], `${image.file} alpha at ${x},0`).toBe(0);
    }
  });

  it('are what scripts/local/make-demo-images.ts draws', () => {
    for (const image of images)
      expect(
        pngParts(file(image.file)).scanlines.equals(image.scanlines),
        `${image.file}: run npx tsx scripts/local/make-demo-images.ts`,
      ).toBe(true);
  });
});
