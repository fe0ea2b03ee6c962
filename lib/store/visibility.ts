/**
 * Cross-tenant isolation, applied by every repository read: a record is visible when the caller
 * is platform staff (no tenant scope) or of the record's tenant. Others get "not found".
 */
export const visibleTo = (recordTenant: string | undefined, scope: string | undefined): boolean =>
  scope === undefined || recordTenant === scope;
