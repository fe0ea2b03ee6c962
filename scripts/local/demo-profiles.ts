/**
 * The demo tenants' legal profiles: the sellers their invoices and contracts name, complete for
 * every document in English and Arabic (tests/unit/demo-profiles.test.ts checks it). The seed
 * gives them to the demo tenants; tests and scripts that make a tenant of their own and then
 * generate documents give it one of these too.
 *
 * Data and file reads only: the profile use cases are passed in, so a script that loads another
 * checkout's modules (scripts/bench/_order-walk.ts) writes through that checkout's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Caller } from '../../lib/domain/caller.js';
import type { ProfileImage } from '../../lib/domain/tenant-profile.js';
import type { ProfileText } from '../../lib/store/tenant-profiles.js';
import type * as profileUseCases from '../../lib/use-cases/tenant-profile.js';

/** The demo logos and stamps, drawn by scripts/local/make-demo-images.ts. */
export const DEMO_IMAGES_DIR = join(fileURLToPath(import.meta.url), '..', 'demo');

export interface DemoProfile {
  text: ProfileText;
  /** Files under scripts/local/demo/ (scripts/local/make-demo-images.ts draws them). */
  images: Record<ProfileImage, string>;
}

/** A Dubai used-car dealer at the Al Aweer auto market, buying in Korea and selling CFR to Gulf ports. */
export const GULF_MOTORS_PROFILE: DemoProfile = {
  text: {
    legalName: { en: 'Gulf Motors Used Cars Trading L.L.C.', ar: 'جلف موتورز لتجارة السيارات المستعملة ذ.م.م' },
    address: {
      line1: 'Showroom 27, Al Aweer Auto Market',
      line2: 'Ras Al Khor Industrial Area 3',
      city: 'Dubai',
      postalCode: 'PO Box 118245',
      country: 'AE',
    },
    // Dubai Department of Economy and Tourism trade licence; a UAE VAT TRN is 15 digits beginning 100.
    registrationNumber: 'DED-1048273',
    taxNumber: '100384726500003',
    phone: '+97143205544',
    email: 'accounts@gulfmotors.example',
    // 026 is Emirates NBD's bank code in UAE IBANs; the check digits are computed (ISO 13616 mod 97).
    bank: {
      bankName: 'Emirates NBD',
      accountName: 'Gulf Motors Used Cars Trading L.L.C.',
      iban: 'AE050261015204736891001',
      swift: 'EBILAEAD',
    },
    defaultIncoterms: 'CFR',
    portOfLoading: 'Incheon, Korea',
  },
  images: { logo: 'gulf-logo.png', stamp: 'gulf-stamp.png' },
};

/** A Korean exporter in Songdo, Incheon, selling FOB Incheon. */
export const SEOUL_EXPORT_PROFILE: DemoProfile = {
  text: {
    legalName: { en: 'Seoul Export Partners Co., Ltd.', ar: 'شركة سيول إكسبورت بارتنرز المحدودة' },
    address: {
      line1: '7F, 45 Songdogwahak-ro',
      line2: 'Yeonsu-gu',
      city: 'Incheon',
      postalCode: '21984',
      country: 'KR',
    },
    // A Korean business registration number (000-00-00000), which is also its VAT number.
    registrationNumber: '131-86-52417',
    taxNumber: '131-86-52417',
    phone: '+82328585500',
    email: 'export@seoulexport.example',
    // Korea has no IBANs, yet the proforma needs one (bank.iban): an IBAN with KR in front would
    // pass the check digits here but a payer's bank would refuse it, as KR is not an IBAN country.
    // So buyers pay into the exporter's collection account at its Korean bank's Frankfurt
    // subsidiary: an IBAN of a country that has them (German: bank code and account, check digits
    // computed) with that subsidiary's BIC, which a Gulf bank sends a transfer to as it is.
    bank: {
      bankName: 'Shinhan Bank Europe GmbH',
      accountName: 'Seoul Export Partners Co., Ltd.',
      iban: 'DE17500201000104527390',
      swift: 'SHBKDEFF',
    },
    defaultIncoterms: 'FOB',
    portOfLoading: 'Incheon, Korea',
  },
  images: { logo: 'seoul-logo.png', stamp: 'seoul-stamp.png' },
};

/** The demo tenants' profiles, by tenant id (scripts/local/seed.ts). */
export const DEMO_PROFILES: Record<string, DemoProfile> = {
  demotenantgulfmotors0001: GULF_MOTORS_PROFILE,
  demotenantseoulexport001: SEOUL_EXPORT_PROFILE,
};

/** A demo image as PUT /tenant-profile/{image} takes it. */
const demoImageUpload = (file: string) => ({
  contentType: 'image/png' as const,
  data: readFileSync(join(DEMO_IMAGES_DIR, file)).toString('base64'),
});

type ProfileUseCases = Pick<typeof profileUseCases, 'writeTenantProfile' | 'uploadProfileImage'>;

/**
 * Sets the tenant's whole profile, its text and then its logo and stamp, through the use cases
 * of PUT /tenant-profile and PUT /tenant-profile/{image}. `only` limits it to some parts (the
 * seed finishing a profile it began).
 */
export async function writeDemoProfile(
  useCases: ProfileUseCases,
  caller: Caller,
  tenantId: string,
  profile: DemoProfile,
  only: ReadonlyArray<'text' | ProfileImage> = ['text', 'logo', 'stamp'],
): Promise<void> {
  if (only.includes('text')) await useCases.writeTenantProfile(caller, profile.text, undefined, tenantId);
  for (const image of ['logo', 'stamp'] as const) {
    if (only.includes(image))
      await useCases.uploadProfileImage(caller, image, demoImageUpload(profile.images[image]), tenantId);
  }
}
