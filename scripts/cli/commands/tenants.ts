/**
 * `tenants create`, `tenants list`, `tenants subdomain` (a new one, freeing the old), `tenants update` (the catalogue's markup, visible providers and
 * published-only setting; the second approver of billing entries, the customers' default language,
 * the country and the time zone of the tenant's days), `tenants profile` (the legal profile its
 * documents name) and `tenants profile-image`.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { PROVIDERS } from '../../../lib/domain/car.js';
import { STAFF_TOOL } from '../../../lib/domain/caller.js';
import { validationError } from '../../../lib/domain/errors.js';
import { PROFILE_IMAGES } from '../../../lib/domain/tenant-profile.js';
import { toFieldErrors } from '../../../lib/schemas/field-errors.js';
import putProfileRoute from '../../../lib/schemas/generated/putTenantProfile.js';
import { tenantTimeZone, timeZoneProblem, zoneOfCountry } from '../../../lib/domain/time-zone.js';
import type { Tenant } from '../../../lib/store/tenants.js';
import { FailedError, list, oneOf, required, shortText, text, UsageError, type Args } from '../args.js';
import { knownTenant, notFoundAs, type CommandEntries, type Context } from '../command.js';
import { emit, table } from '../output.js';

/** `--subdomain`, lower-cased: a DNS label, as it becomes the storefront's host name. */
function subdomainValue(args: Args): string {
  const subdomain = required(args, 'subdomain').toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(subdomain)) {
    throw new UsageError(`--subdomain must be a DNS label (letters, digits, inner dashes), got "${subdomain}"`);
  }
  return subdomain;
}

function tenantInput(args: Args): Omit<Tenant, 'id' | 'createdAt'> {
  return {
    name: shortText('name', required(args, 'name')),
    subdomain: subdomainValue(args),
    markup: markupValue(required(args, 'markup')),
    visibleProviders: providersOption(args) ?? [...PROVIDERS],
    publishedOnly: args.values['published-only'] === true,
    ...languageOption(args),
    ...placeOptions(args),
  };
}

/**
 * The bounds of a markup, the multiplier of the auction price in the tenant's catalogue: below
 * 0.5 or above 5 it is a typing slip (0.08 for 1.08, 108 for 1.08), not a price policy.
 */
const MARKUP_MIN = 0.5;
const MARKUP_MAX = 5;

/** `--markup`, a decimal string (stored as text, so no precision is lost) from MARKUP_MIN to MARKUP_MAX. */
function markupValue(value: string): string {
  const inRange = /^\d{1,12}(\.\d{1,12})?$/.test(value) && Number(value) >= MARKUP_MIN && Number(value) <= MARKUP_MAX;
  if (!inRange) {
    throw new UsageError(
      `--markup must be a decimal from ${MARKUP_MIN} to ${MARKUP_MAX}, the multiplier of the auction price (1.08 adds 8%), got "${value}"`,
    );
  }
  return value;
}

/** `--providers glovis,kcar`: the auction providers whose cars the storefront shows; undefined when not given. */
function providersOption(args: Args): Tenant['visibleProviders'] | undefined {
  const chosen = text(args.values, 'providers');
  if (chosen === undefined) return undefined;
  const visibleProviders = list('providers', chosen);
  const unknown = visibleProviders.filter((provider) => !(PROVIDERS as readonly string[]).includes(provider));
  if (unknown.length > 0)
    throw new UsageError(`unknown provider ${unknown.join(', ')}; providers: ${PROVIDERS.join(', ')}`);
  return visibleProviders as Tenant['visibleProviders'];
}

/** What `tenants update` may change in the tenant's catalogue: markup, providers, published-only. */
function catalogueOptions(args: Args): Partial<Pick<Tenant, 'markup' | 'visibleProviders' | 'publishedOnly'>> {
  const markup = text(args.values, 'markup');
  const visibleProviders = providersOption(args);
  const publishedOnly = text(args.values, 'published-only');
  return {
    ...(markup === undefined ? {} : { markup: markupValue(markup) }),
    ...(visibleProviders ? { visibleProviders } : {}),
    ...(publishedOnly === undefined
      ? {}
      : { publishedOnly: oneOf('published-only', publishedOnly, ['true', 'false'] as const) === 'true' }),
  };
}

/** How long the API may go on serving a tenant's previous catalogue settings (lib/catalogue/live.ts). */
const CATALOGUE_DELAY =
  'the car list, cars and orders of catalogue cars follow within CATALOGUE_REFRESH_SECONDS (60 s unless set otherwise): each API container keeps a tenant that long';

const LANGUAGES = ['en', 'ar'] as const;
const languageOption = (args: Args): Pick<Tenant, 'defaultLanguage'> => {
  const given = text(args.values, 'language');
  return given === undefined ? {} : { defaultLanguage: oneOf('language', given, LANGUAGES) };
};

/** `--country` (ISO 3166-1 alpha-2) and `--time-zone` (IANA); the zone defaults from the country. */
function placeOptions(args: Args): Pick<Tenant, 'country' | 'timeZone'> {
  const country = text(args.values, 'country')?.toUpperCase();
  if (country !== undefined && !/^[A-Z]{2}$/.test(country))
    throw new UsageError(`--country must be a two-letter ISO 3166 country code, e.g. QA or AE; got "${country}"`);
  const timeZone = text(args.values, 'time-zone');
  const problem = timeZone === undefined ? undefined : timeZoneProblem(timeZone);
  if (problem) throw new UsageError(`--time-zone ${problem}`);
  return { ...(country ? { country } : {}), ...(timeZone ? { timeZone } : {}) };
}

/** How the tenant's days are counted, and why (its own zone, its country's, or UTC). */
function zoneSaid(tenant: Tenant): string {
  const zone = tenantTimeZone(tenant);
  if (tenant.timeZone) return `its days are counted in ${zone}`;
  if (zoneOfCountry(tenant.country)) return `its days are counted in ${zone} (from its country, ${tenant.country})`;
  return `its days are counted in UTC${tenant.country ? ` (no zone known for ${tenant.country}: set one with --time-zone)` : ' (set --country or --time-zone)'}`;
}

const onOff = (setting: boolean | undefined): 'on' | 'off' => (setting === true ? 'on' : 'off');
const tenantRow = (t: Tenant) => [
  t.id,
  t.name,
  t.subdomain,
  t.markup,
  t.visibleProviders.join(','),
  t.publishedOnly ? 'yes' : 'no',
  onOff(t.requireSecondApprover),
  t.defaultLanguage ?? 'en',
  t.country ?? '-',
  tenantTimeZone(t),
  t.createdAt,
];
const TENANT_HEADERS = [
  'id',
  'name',
  'subdomain',
  'markup',
  'providers',
  'published only',
  'second approver',
  'language',
  'country',
  'time zone',
  'created',
];

async function createTenantCommand(args: Args, ctx: Context): Promise<void> {
  const input = tenantInput(args);
  const tenant = await ctx.store.createTenant(input).catch((error: unknown) => {
    if (error instanceof ctx.store.SubdomainTakenError) throw new FailedError(error.message);
    throw error;
  });
  emit(ctx, tenant, [
    `Created tenant "${tenant.name}" (${tenant.id}); ${zoneSaid(tenant)}.`,
    ...table(TENANT_HEADERS, [tenantRow(tenant)]),
  ]);
}

const loadSubdomains = () => import('../../../lib/use-cases/tenant-subdomain.js');

/** `tenants subdomain <tenantId> --subdomain S`: the tenant's new subdomain; its old one is free for another tenant. */
async function subdomainCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const subdomain = subdomainValue(args);
  const { changeTenantSubdomain } = await loadSubdomains();
  const { tenant, released } = await changeTenantSubdomain(STAFF_TOOL, id, subdomain).catch((error: unknown) => {
    if (error instanceof ctx.store.SubdomainTakenError || error instanceof ctx.store.TenantChangedError)
      throw new FailedError(error.message);
    return notFoundAs(`no tenant with id "${id}" (see \`cli tenants list\`)`)(error);
  });
  const said = released
    ? `Tenant "${tenant.name}" is now at "${tenant.subdomain}"; "${released}" is free for another tenant. The car list follows within CATALOGUE_REFRESH_SECONDS (60 s unless set otherwise).`
    : `Tenant "${tenant.name}" is already at "${tenant.subdomain}"; nothing changed.`;
  emit(ctx, { ...tenant, releasedSubdomain: released ?? null }, [said, ...table(TENANT_HEADERS, [tenantRow(tenant)])]);
}

async function listTenantsCommand(_args: Args, ctx: Context): Promise<void> {
  const tenants = await ctx.store.listTenants();
  emit(ctx, tenants, table(TENANT_HEADERS, tenants.map(tenantRow)));
}

const SECOND_APPROVER = {
  on: 'whoever records a billing entry can no longer confirm it: another staff member must',
  off: 'whoever records a billing entry may also confirm it',
} as const;

async function updateTenantCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const catalogue = catalogueOptions(args);
  const given = text(args.values, 'second-approver');
  const secondApprover = given === undefined ? undefined : oneOf('second-approver', given, ['on', 'off'] as const);
  const language = languageOption(args);
  const place = placeOptions(args);
  const settings = {
    ...catalogue,
    ...(secondApprover ? { requireSecondApprover: secondApprover === 'on' } : {}),
    ...language,
    ...place,
  };
  if (Object.keys(settings).length === 0) {
    throw new UsageError(
      '"tenants update" needs at least one of --markup 1.08, --providers glovis,kcar, --published-only true|false, --second-approver on|off, --language en|ar, --country CC or --time-zone Area/City',
    );
  }
  const tenant = await ctx.store.updateTenantSettings(id, settings);
  if (!tenant) throw new FailedError(`no tenant with id "${id}" (see \`cli tenants list\`)`);
  const catalogueSaid = [
    ...(catalogue.markup ? [`catalogue prices are the auction price x ${tenant.markup}`] : []),
    ...(catalogue.visibleProviders ? [`its storefront shows the cars of ${tenant.visibleProviders.join(', ')}`] : []),
    ...(catalogue.publishedOnly === undefined
      ? []
      : [
          tenant.publishedOnly
            ? 'its storefront shows published cars only'
            : 'its storefront shows unpublished cars too',
        ]),
  ];
  const said = [
    ...(catalogueSaid.length > 0 ? [`${catalogueSaid.join(', ')} (${CATALOGUE_DELAY})`] : []),
    ...(secondApprover ? [`second approver ${secondApprover}, ${SECOND_APPROVER[secondApprover]}`] : []),
    ...(language.defaultLanguage
      ? [`customers who chose no language get messages in ${language.defaultLanguage === 'ar' ? 'Arabic' : 'English'}`]
      : []),
    ...(place.country || place.timeZone ? [zoneSaid(tenant)] : []),
  ];
  emit(ctx, tenant, [
    `Tenant "${tenant.name}" (${tenant.id}): ${said.join('; ')}.`,
    ...table(TENANT_HEADERS, [tenantRow(tenant)]),
  ]);
}

const loadProfile = () => import('../../../lib/use-cases/tenant-profile.js');

/** What each document still lacks, in one line per document. */
const missingSaid = (missing: Record<string, string[]>): string[] =>
  Object.entries(missing).map(
    ([document, fields]) => `  ${document}: ${fields.length === 0 ? 'ready' : `missing ${fields.join(', ')}`}`,
  );

/**
 * `tenants profile <tenantId>`: shows the legal profile; with `--file profile.json` (the body of
 * PUT /api/v1/tenant-profile) sets it first, checked by the API's own validator.
 */
async function profileCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const tenant = await knownTenant(ctx, id);
  const { readTenantProfile, writeTenantProfile } = await loadProfile();
  const file = text(args.values, 'file');
  if (file !== undefined) {
    let body: unknown;
    try {
      body = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new UsageError(
        `--file ${file}: ${error instanceof Error ? error.message : String(error)}; give the profile as JSON, e.g. {"legalName": {"en": "Gulf Motors Trading LLC"}}`,
      );
    }
    if (!putProfileRoute.validateBody!(body)) {
      throw validationError(
        toFieldErrors(
          'file',
          putProfileRoute.validateBody!.errors,
          body,
          putProfileRoute.bodyNames,
          putProfileRoute.bodyHints,
        ),
      );
    }
    const { version: _version, ...profileText } = body as Record<string, unknown>;
    await writeTenantProfile(STAFF_TOOL, profileText, undefined, tenant.id);
  }
  const profile = await readTenantProfile(STAFF_TOOL, tenant.id);
  emit(ctx, profile, [
    `Legal profile of "${tenant.name}" (${tenant.id}), version ${profile.version}:`,
    JSON.stringify({ ...profile, missing: undefined }, null, 2),
    'Documents:',
    ...missingSaid(profile.missing),
  ]);
}

const IMAGE_TYPES: Record<string, 'image/png' | 'image/jpeg'> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** `tenants profile-image <tenantId> logo|stamp --file FILE`, or `--remove`: the image its documents print. */
async function profileImageCommand(args: Args, ctx: Context): Promise<void> {
  const [id = '', kind = ''] = args.positionals;
  const file = text(args.values, 'file');
  const tenant = await knownTenant(ctx, id);
  const image = oneOf('image', kind, PROFILE_IMAGES);
  const { uploadProfileImage, removeProfileImage } = await loadProfile();
  const upload = async () => {
    if (!file)
      throw new UsageError(
        `give the image: tenants profile-image ${id} ${image} --file ${image}.png (PNG or JPEG), or --remove`,
      );
    const contentType = IMAGE_TYPES[extname(file).toLowerCase()];
    if (!contentType) throw new UsageError(`${file}: the image must be a .png, .jpg or .jpeg file`);
    return uploadProfileImage(
      STAFF_TOOL,
      image,
      { contentType, data: readFileSync(file).toString('base64') },
      tenant.id,
    );
  };
  const profile = args.values.remove === true ? await removeProfileImage(STAFF_TOOL, image, tenant.id) : await upload();
  const stored = profile[image];
  emit(ctx, profile, [
    stored
      ? `The ${image} of "${tenant.name}" is ${stored.width}x${stored.height} ${stored.contentType} (${stored.bytes} bytes).`
      : `"${tenant.name}" has no ${image} now.`,
    'Documents:',
    ...missingSaid(profile.missing),
  ]);
}

export const tenantCommands: CommandEntries = [
  [
    'tenants create',
    {
      options: {
        name: { type: 'string' },
        subdomain: { type: 'string' },
        markup: { type: 'string' },
        providers: { type: 'string' },
        'published-only': { type: 'boolean' },
        language: { type: 'string' },
        country: { type: 'string' },
        'time-zone': { type: 'string' },
      },
      positionals: [],
      run: createTenantCommand,
    },
  ],
  ['tenants list', { options: {}, positionals: [], run: listTenantsCommand }],
  [
    'tenants subdomain',
    { options: { subdomain: { type: 'string' } }, positionals: ['tenantId'], run: subdomainCommand },
  ],
  [
    'tenants update',
    {
      options: {
        markup: { type: 'string' },
        providers: { type: 'string' },
        'published-only': { type: 'string' },
        'second-approver': { type: 'string' },
        language: { type: 'string' },
        country: { type: 'string' },
        'time-zone': { type: 'string' },
      },
      positionals: ['tenantId'],
      run: updateTenantCommand,
    },
  ],
  ['tenants profile', { options: { file: { type: 'string' } }, positionals: ['tenantId'], run: profileCommand }],
  [
    'tenants profile-image',
    {
      options: { file: { type: 'string' }, remove: { type: 'boolean' } },
      positionals: ['tenantId', 'logo|stamp'],
      run: profileImageCommand,
    },
  ],
];
