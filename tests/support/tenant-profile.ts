import { STAFF_TOOL } from '../../lib/domain/caller.js';
import * as profileUseCases from '../../lib/use-cases/tenant-profile.js';
import { GULF_MOTORS_PROFILE, writeDemoProfile, type DemoProfile } from '../../scripts/local/demo-profiles.js';

/**
 * Gives a tenant that a test made a complete legal profile (text, logo and stamp, through the
 * use cases of the profile routes), so it can generate every document in English and Arabic:
 * the demo Gulf Motors profile unless another is given.
 */
export async function completeProfile(tenantId: string, profile: DemoProfile = GULF_MOTORS_PROFILE): Promise<void> {
  await writeDemoProfile(profileUseCases, STAFF_TOOL, tenantId, profile);
}
