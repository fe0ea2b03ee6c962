/** The tenant part of a key for records of no tenant (platform staff's keys, users, audit; platform customers' orders). */
const NO_TENANT = 'NONE';

export const tenantPart = (tenantId: string | undefined): string => tenantId ?? NO_TENANT;
