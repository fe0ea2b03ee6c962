/**
 * `users create`, `users list`, `users update`, `users deactivate`: staff users, through the same
 * use cases as the API's /api/v1/users routes, acting as platform staff (STAFF_TOOL). With
 * --target aws, deactivating a user also disables the API Gateway copies of their keys.
 */
import { STAFF_TOOL } from '../../../lib/domain/caller.js';
import { disableGatewayKey } from '../../../lib/gateway/keys.js';
import { cliGateway } from '../gateway.js';
import type { UserView } from '../../../lib/use-cases/users.js';
import { email, oneOf, owner, required, requiredOwner, role, shortText, text, UsageError, type Args } from '../args.js';
import { knownTenant, notFoundAs, type CommandEntries, type Context } from '../command.js';
import { emit, table } from '../output.js';

/** The use cases read and write the table, so they are loaded (after applyTarget) only by these commands. */
const loadUsers = () => import('../../../lib/use-cases/users.js');
const loadKeys = () => import('../../../lib/use-cases/api-keys.js');

const LANGUAGES = ['en', 'ar'] as const;
const BOOLEANS = ['true', 'false'] as const;

const noUser = (id: string) => `no user with id "${id}" (see \`cli users list\`)`;

const userRow = (u: UserView) => [
  u.id,
  u.name,
  u.role,
  u.tenantId ?? '(platform)',
  u.mobileNumber ?? '-',
  u.email ?? '-',
  u.language,
  u.active ? 'yes' : 'no',
  u.createdAt,
];
const USER_HEADERS = ['id', 'name', 'role', 'tenant', 'mobile', 'email', 'language', 'active', 'created'];

/** The fields `users create` and `users update` share, checked before anything is read or written. */
function contactFields(args: Args) {
  const name = text(args.values, 'name');
  const mobileNumber = text(args.values, 'mobile');
  const emailFlag = text(args.values, 'email');
  const language = text(args.values, 'language');
  if (name === '') throw new UsageError('--name needs a name');
  if (mobileNumber === '') throw new UsageError('--mobile needs a number with its country code, e.g. +971501234567');
  return {
    ...(name !== undefined ? { name: shortText('name', name) } : {}),
    // Its form (country code, E.164) is the use case's to check, as for the API.
    ...(mobileNumber !== undefined ? { mobileNumber } : {}),
    ...(emailFlag !== undefined ? { email: email('email', emailFlag) } : {}),
    ...(language !== undefined ? { language: oneOf('language', language, LANGUAGES) } : {}),
  };
}

async function createUserCommand(args: Args, ctx: Context): Promise<void> {
  const name = shortText('name', required(args, 'name'));
  const userRole = role('role', required(args, 'role'));
  const mobileNumber = required(args, 'mobile');
  const who = requiredOwner(args, 'a staff member');
  const fields = contactFields(args);
  const tenant = 'tenantId' in who ? await knownTenant(ctx, who.tenantId) : undefined;
  const { createUser } = await loadUsers();
  const user = await createUser(STAFF_TOOL, {
    ...fields,
    name,
    role: userRole,
    mobileNumber,
    ...(tenant ? { tenantId: tenant.id } : {}),
  });
  emit(ctx, user, [
    `Created user ${user.id} "${user.name}", ${user.role} of ${tenant ? `${tenant.name} (${tenant.id})` : 'platform staff'}.`,
    ...table(USER_HEADERS, [userRow(user)]),
  ]);
}

/** One tenant's users (--tenant), platform staff (--platform), or without either everyone: platform staff, then each tenant's. */
async function listUsersCommand(args: Args, ctx: Context): Promise<void> {
  const roleFlag = text(args.values, 'role');
  const query = roleFlag === undefined ? {} : { role: role('role', roleFlag) };
  const who = owner(args);
  if (who && 'tenantId' in who) await knownTenant(ctx, who.tenantId);
  const { listUsers } = await loadUsers();
  const tenantIds: Array<string | undefined> = who
    ? ['tenantId' in who ? who.tenantId : undefined]
    : [undefined, ...(await ctx.store.listTenants()).map((t) => t.id)];
  const users: UserView[] = [];
  for (const tenantId of tenantIds)
    users.push(...(await listUsers(STAFF_TOOL, { ...query, ...(tenantId === undefined ? {} : { tenantId }) })));
  emit(ctx, users, table(USER_HEADERS, users.map(userRow)));
}

/**
 * The keys a deactivation disabled (the use case disables every live key of the user). In AWS
 * their gateway copies are disabled too, so API Gateway refuses them at once.
 */
async function disabledKeysOf(user: UserView, ctx: Context): Promise<string[]> {
  const { listApiKeys } = await loadKeys();
  const keys = (await listApiKeys(STAFF_TOOL, user.tenantId === undefined ? {} : { tenantId: user.tenantId })).filter(
    (k) => k.userId === user.id && k.disabledAt !== undefined,
  );
  const target = ctx.target.target;
  if (target.kind === 'aws') {
    const client = cliGateway(target.region);
    for (const key of keys) await disableGatewayKey(client, key.id);
  }
  return keys.map((k) => k.id);
}

function deactivationLines(disabledKeys: string[]): string[] {
  return [
    disabledKeys.length === 0
      ? 'They had no working API keys.'
      : `Their API key(s) ${disabledKeys.join(', ')} no longer work.`,
    // Warm API containers notice the revocation stamp within seconds (lib/use-cases/shared/api-key-cache.ts).
    ...(disabledKeys.length === 0
      ? []
      : ['API containers that used them recently may accept them for up to 5 seconds more.']),
  ];
}

async function updateUserCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const activeFlag = text(args.values, 'active');
  const changes = {
    ...contactFields(args),
    ...(activeFlag === undefined ? {} : { active: oneOf('active', activeFlag, BOOLEANS) === 'true' }),
  };
  if (Object.keys(changes).length === 0)
    throw new UsageError('"users update" needs at least one of --name, --mobile, --email, --language, --active');
  const { updateUser } = await loadUsers();
  const user = await updateUser(STAFF_TOOL, id, changes).catch(notFoundAs(noUser(id)));
  const disabledKeys = user.active ? [] : await disabledKeysOf(user, ctx);
  emit(ctx, user, [
    `Updated user ${user.id} "${user.name}".`,
    ...table(USER_HEADERS, [userRow(user)]),
    ...(user.active ? [] : deactivationLines(disabledKeys)),
  ]);
}

async function deactivateUserCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const { deactivateUser } = await loadUsers();
  const user = await deactivateUser(STAFF_TOOL, id).catch(notFoundAs(noUser(id)));
  const disabledKeys = await disabledKeysOf(user, ctx);
  emit(ctx, { user, disabledKeys }, [
    `Deactivated user ${user.id} "${user.name}" (${user.role}).`,
    ...deactivationLines(disabledKeys),
  ]);
}

const CONTACT_OPTIONS = {
  name: { type: 'string' },
  mobile: { type: 'string' },
  email: { type: 'string' },
  language: { type: 'string' },
} as const;

export const userCommands: CommandEntries = [
  [
    'users create',
    {
      options: {
        ...CONTACT_OPTIONS,
        role: { type: 'string' },
        tenant: { type: 'string' },
        platform: { type: 'boolean' },
      },
      positionals: [],
      run: createUserCommand,
    },
  ],
  [
    'users list',
    {
      options: { tenant: { type: 'string' }, platform: { type: 'boolean' }, role: { type: 'string' } },
      positionals: [],
      run: listUsersCommand,
    },
  ],
  [
    'users update',
    { options: { ...CONTACT_OPTIONS, active: { type: 'string' } }, positionals: ['userId'], run: updateUserCommand },
  ],
  ['users deactivate', { options: {}, positionals: ['userId'], run: deactivateUserCommand }],
];
