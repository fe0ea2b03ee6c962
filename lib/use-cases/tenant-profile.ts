import { createHash } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { presignedGetUrl, putObjectSigned } from '../archive/objects.js';
import { bucketName } from '../config.js';
import type { Caller } from '../domain/caller.js';
import { invalidField, notFound, validationError, type FieldError } from '../domain/errors.js';
import {
  compactIban,
  gapsByDocument,
  ibanProblem,
  imageProblem,
  swiftProblem,
  type ProfileImage,
  type StoredImage,
} from '../domain/tenant-profile.js';
import { checkExpectedVersion, type ExpectedVersion } from '../domain/versioning.js';
import type { TenantProfile } from '../schemas/tenant-profile-shapes.js';
import {
  getTenantProfile,
  nextProfile,
  saveTenantProfile,
  type ProfileText,
  type TenantProfileItem,
} from '../store/tenant-profiles.js';
import { getTenant } from '../store/tenants.js';
import { auditItem } from './shared/audit-item.js';
import { RETRY, withRetries } from './shared/retry.js';
import { owningTenant } from './shared/tenancy.js';

type ProfileView = Static<typeof TenantProfile>;

/** How long an image's download address in an answer stays valid. */
const IMAGE_URL_SECONDS = 15 * 60;

/** The tenant whose profile this key reads and writes: its own, or the one a platform key names. */
async function tenantOf(caller: Caller, requested: string | undefined): Promise<string> {
  const tenantId = owningTenant(caller, requested);
  if (tenantId === undefined) {
    throw invalidField(
      'tenantId',
      'is required with a platform key: the tenant whose profile this is, e.g. ?tenantId=demotenantgulfmotors0001',
    );
  }
  if (caller.tenantId === undefined && !(await getTenant(tenantId))) throw notFound('Tenant', 'tenantId');
  return tenantId;
}

async function imageView(image: StoredImage | undefined) {
  if (!image) return undefined;
  const { key, ...facts } = image;
  return { url: await presignedGetUrl(bucketName(), key, IMAGE_URL_SECONDS), ...facts };
}

/** The profile as the API answers it: images as download addresses, and what each document still needs. */
export async function profileView(profile: TenantProfileItem | undefined): Promise<ProfileView> {
  const { tenantId: _tenant, updatedBy: _by, logo, stamp, version, updatedAt, ...text } = profile ?? { version: 0 };
  const [logoView, stampView] = await Promise.all([imageView(logo), imageView(stamp)]);
  return {
    ...text,
    ...(logoView ? { logo: logoView } : {}),
    ...(stampView ? { stamp: stampView } : {}),
    version,
    ...(updatedAt ? { updatedAt } : {}),
    missing: gapsByDocument(profile),
    // What an Arabic document needs besides: a profile ready in English may not be in Arabic.
    missingInArabic: gapsByDocument(profile, 'ar'),
  };
}

export async function readTenantProfile(caller: Caller, requested?: string): Promise<ProfileView> {
  return profileView(await getTenantProfile(await tenantOf(caller, requested)));
}

/** The bank fields a schema cannot judge: the IBAN's check digits and the BIC's shape. */
function bankProblems(text: ProfileText): FieldError[] {
  const problems: FieldError[] = [];
  const iban = text.bank?.iban;
  const swift = text.bank?.swift;
  const ibanSays = iban === undefined ? undefined : ibanProblem(iban);
  if (ibanSays) problems.push({ field: 'bank.iban', message: ibanSays });
  const swiftSays = swift === undefined ? undefined : swiftProblem(swift);
  if (swiftSays) problems.push({ field: 'bank.swift', message: swiftSays });
  return problems;
}

/** Stored as banks print them: the IBAN without spaces, codes in capitals. */
function normalised(text: ProfileText): ProfileText {
  const bank = text.bank && {
    ...text.bank,
    ...(text.bank.iban ? { iban: compactIban(text.bank.iban) } : {}),
    ...(text.bank.swift ? { swift: text.bank.swift.toUpperCase() } : {}),
  };
  return { ...text, ...(bank ? { bank } : {}) };
}

/**
 * PUT /tenant-profile: the profile's text as given replaces what is stored (fields left out are
 * cleared; the logo and stamp stay). At the version the caller read, when it names one.
 */
export async function writeTenantProfile(
  caller: Caller,
  body: ProfileText,
  expected: ExpectedVersion | undefined,
  requested?: string,
): Promise<ProfileView> {
  const tenantId = await tenantOf(caller, requested);
  const problems = bankProblems(body);
  if (problems.length > 0) throw validationError(problems);
  const text = normalised(body);
  const saved = await withRetries(async () => {
    const current = await getTenantProfile(tenantId, true);
    checkExpectedVersion(expected, current?.version ?? 0, 'profile');
    const next = nextProfile(tenantId, current, { text }, caller.userId ?? caller.keyId);
    const audit = auditItem(caller, {
      entity: 'tenant',
      entityId: tenantId,
      tenantId,
      action: 'profile-updated',
      before: current ?? {},
      after: next,
    });
    return (await saveTenantProfile(next, [audit])) ? next : RETRY;
  });
  return profileView(saved);
}

export interface ImageUpload {
  contentType: 'image/png' | 'image/jpeg';
  /** The image's bytes, base64. */
  data: string;
}

/** PUT /tenant-profile/{image}: the logo or stamp, checked from its bytes, kept in the bucket. */
export async function uploadProfileImage(
  caller: Caller,
  kind: ProfileImage,
  upload: ImageUpload,
  requested?: string,
): Promise<ProfileView> {
  const tenantId = await tenantOf(caller, requested);
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.toString('base64').replace(/=+$/, '') !== upload.data.replace(/\s+/g, '').replace(/=+$/, '')) {
    throw validationError([
      { field: 'data', message: 'must be the image in base64 (A-Z, a-z, 0-9, + and /), e.g. "iVBORw0KGgo..."' },
    ]);
  }
  const checked = imageProblem(bytes, upload.contentType);
  if ('problem' in checked) throw validationError([{ field: 'data', message: checked.problem }]);
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const key = `tenants/${tenantId}/profile/${kind}-${digest}.${checked.facts.contentType === 'image/png' ? 'png' : 'jpg'}`;
  // Content-addressed: a retry or a second upload of the same image writes the same object.
  await putObjectSigned(bucketName(), key, bytes, checked.facts.contentType);
  const stored: StoredImage = { key, ...checked.facts, bytes: bytes.length, uploadedAt: new Date().toISOString() };
  return changeImage(caller, tenantId, kind, stored);
}

/** DELETE /tenant-profile/{image}: the profile no longer has it (documents that need it say so). */
export async function removeProfileImage(caller: Caller, kind: ProfileImage, requested?: string): Promise<ProfileView> {
  return changeImage(caller, await tenantOf(caller, requested), kind, undefined);
}

async function changeImage(
  caller: Caller,
  tenantId: string,
  kind: ProfileImage,
  stored: StoredImage | undefined,
): Promise<ProfileView> {
  const saved = await withRetries(async () => {
    const current = await getTenantProfile(tenantId, true);
    const next = nextProfile(tenantId, current, { image: kind, stored }, caller.userId ?? caller.keyId);
    const audit = auditItem(caller, {
      entity: 'tenant',
      entityId: tenantId,
      tenantId,
      action: stored ? `${kind}-set` : `${kind}-removed`,
      before: { [kind]: current?.[kind]?.key ?? null },
      after: { [kind]: stored?.key ?? null },
    });
    return (await saveTenantProfile(next, [audit])) ? next : RETRY;
  });
  return profileView(saved);
}
