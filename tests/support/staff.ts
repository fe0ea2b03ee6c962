import { STAFF_TOOL, type RateLimit, type Role } from '../../lib/domain/caller.js';
import { issueApiKey } from '../../lib/use-cases/api-keys.js';
import { createUser } from '../../lib/use-cases/users.js';
import { uniquePhone } from './http.js';

/** Staff users and keys for tests, made through the same use cases as the staff CLI and the API. */

export async function newStaffUser(
  role: Role,
  tenantId: string | undefined,
  fields: { name?: string; id?: string } = {},
): Promise<string> {
  const user = await createUser(
    STAFF_TOOL,
    { name: fields.name ?? `test ${role}`, role, mobileNumber: uniquePhone(), ...(tenantId ? { tenantId } : {}) },
    fields.id ? { id: fields.id } : {},
  );
  return user.id;
}

const UNLIMITED = { rps: 100_000, burst: 100_000, quotaPerDay: 100_000_000 };

export async function newApiKey(input: {
  name?: string;
  role?: Role;
  userId?: string;
  tenantId?: string;
  allowedRoutes?: string[];
  rateLimit?: Partial<RateLimit>;
}): Promise<{ key: string; id: string }> {
  const { key, apiKey } = await issueApiKey(STAFF_TOOL, {
    name: input.name ?? `test key ${input.role ?? input.userId}`,
    ...(input.userId ? { userId: input.userId } : { role: input.role ?? 'admin' }),
    ...(input.tenantId ? { tenantId: input.tenantId } : {}),
    allowedRoutes: input.allowedRoutes ?? ['*'],
    rateLimit: input.rateLimit ?? UNLIMITED,
  });
  return { key, id: apiKey.id };
}
