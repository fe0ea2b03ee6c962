import * as Type from '@sinclair/typebox';
import { PROFILE_IMAGES } from '../domain/tenant-profile.js';
import { Id, Version } from './common.js';
import { defineRoute } from './route.js';
import { ProfileFields, TenantProfile } from './tenant-profile-shapes.js';

/** Platform keys name the tenant; a tenant's own keys need not (and may name only their own). */
const TenantQuery = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });

const ImageParams = Type.Object(
  {
    image: Type.Union(
      PROFILE_IMAGES.map((image) => Type.Literal(image)),
      { description: 'logo or stamp' },
    ),
  },
  { additionalProperties: false },
);

export const getTenantProfile = defineRoute({
  id: 'getTenantProfile',
  errors: ['NOT_FOUND'],
  versioned: { record: 'profile' },
  folder: 'tenant',
  method: 'GET',
  path: '/api/v1/tenant-profile',
  tag: 'Tenant profile',
  summary: "The tenant's legal profile: the seller its invoices and contracts name, and what each document still needs",
  description:
    "The profile of the key's own tenant (platform keys have none: 403). `missing` lists, per document, the profile fields it needs that are not set yet; generating it is refused until they are.",
  status: 200,
  roles: ['operations', 'accountant'],
  query: TenantQuery,
  response: TenantProfile,
});

export const putTenantProfile = defineRoute({
  id: 'putTenantProfile',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT', 'PRECONDITION_FAILED'],
  versioned: { record: 'profile', ifMatch: 'optional' },
  folder: 'tenant',
  method: 'PUT',
  path: '/api/v1/tenant-profile',
  tag: 'Tenant profile',
  summary: "Set the tenant's legal profile (admin): the text given replaces what is stored; the logo and stamp stay",
  description:
    "Every field is optional, so a profile can be filled in over time; a field left out is cleared. The IBAN's check digits and the SWIFT/BIC code are verified. Send the version you read (body `version` or If-Match) to refuse a save over someone else's.",
  status: 200,
  roles: [],
  query: TenantQuery,
  body: Type.Object(
    { ...ProfileFields, version: Type.Optional(Version) },
    {
      additionalProperties: false,
      examples: [
        {
          legalName: { en: 'Gulf Motors Trading LLC', ar: 'شركة جلف موتورز للتجارة ذ.م.م' },
          address: { line1: 'Office 1204, Al Moosa Tower 2', city: 'Dubai', country: 'AE' },
          registrationNumber: 'DED-1029384',
          taxNumber: '100234567800003',
          phone: '+97143334444',
          email: 'accounts@gulfmotors.example',
          bank: {
            bankName: 'Emirates NBD',
            accountName: 'Gulf Motors Trading LLC',
            iban: 'AE070331234567890123456',
            swift: 'EBILAEAD',
          },
          defaultIncoterms: 'CFR',
          portOfLoading: 'Incheon, Korea',
        },
      ],
    },
  ),
  response: TenantProfile,
});

export const putTenantProfileImage = defineRoute({
  id: 'putTenantProfileImage',
  errors: ['NOT_FOUND'],
  folder: 'tenant',
  method: 'PUT',
  path: '/api/v1/tenant-profile/{image}',
  tag: 'Tenant profile',
  summary: "Upload the tenant's logo or stamp (admin): PNG or JPEG, at most 180 KB, 32 to 4000 pixels a side",
  description:
    'The image is checked from its bytes (its type must be the contentType given) and kept in the bucket; the answer gives a download address.',
  status: 200,
  roles: [],
  params: ImageParams,
  query: TenantQuery,
  body: Type.Object(
    {
      contentType: Type.Union([Type.Literal('image/png'), Type.Literal('image/jpeg')]),
      data: Type.String({
        minLength: 1,
        maxLength: 250_000,
        description: 'the image, base64',
        examples: ['iVBORw0KGgoAAAANSUhEUgAA...'],
      }),
    },
    { additionalProperties: false },
  ),
  response: TenantProfile,
});

export const deleteTenantProfileImage = defineRoute({
  id: 'deleteTenantProfileImage',
  errors: ['NOT_FOUND'],
  folder: 'tenant',
  method: 'DELETE',
  path: '/api/v1/tenant-profile/{image}',
  tag: 'Tenant profile',
  summary: "Remove the tenant's logo or stamp (admin); documents that print it are refused until another is uploaded",
  status: 200,
  roles: [],
  params: ImageParams,
  query: TenantQuery,
  response: TenantProfile,
});
