/** Who is calling, resolved from the API key. Handlers and repositories receive this. */
export const ROLES = ['admin', 'operations', 'accountant', 'marketer', 'inspector', 'integrator'] as const;
export type Role = (typeof ROLES)[number];

export interface RateLimit {
  /** Steady requests per second (usage plan throttle rateLimit). */
  rps: number;
  /** Most requests accepted within one second (usage plan throttle burstLimit). */
  burst: number;
  /** Requests per UTC day (usage plan quota). */
  quotaPerDay: number;
}

export interface Caller {
  keyId: string;
  /** Absent for platform staff, who see every tenant. */
  tenantId?: string;
  role: Role;
  userId?: string;
  allowedRoutes: string[];
  rateLimit?: Partial<RateLimit>;
  /** The request being served (the audit trail records it); absent for staff tools. */
  requestId?: string;
}

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** `*` allows every route; otherwise the exact API Gateway route key, e.g. `GET /api/v1/customers/{id}`. */
export function routeAllowed(allowedRoutes: readonly string[], routeKey: string): boolean {
  return allowedRoutes.includes('*') || allowedRoutes.includes(routeKey);
}

/**
 * The staff CLI and the local seed act as platform staff through the same use cases as the API;
 * the audit trail names them by this key id.
 */
export const STAFF_TOOL: Caller = { keyId: 'staff-cli', role: 'admin', allowedRoutes: ['*'] };
