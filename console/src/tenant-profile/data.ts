import { api, call, ifMatch } from '../api/client.js';
import { clean } from '../api/clean.js';
import type { ProfileImage } from '../api/enums.js';
import type { DataPart } from '../api/handlers.js';
import type { BodyOf } from '../api/types.js';

/** The company profile: reading it, saving its text, its logo and stamp. */
export const tenantProfileData = {
  actions: {
    tenantProfile: async () => (await call(api().GET('/api/v1/tenant-profile'))).body.data,
    /** The profile's text as a whole (what is left out is cleared), at the version read. */
    saveTenantProfile: async (version: number, body: BodyOf<'/api/v1/tenant-profile', 'put'>) =>
      (
        await call(
          api().PUT('/api/v1/tenant-profile', {
            params: { header: { 'If-Match': ifMatch(version) } },
            body: clean(body),
          }),
        )
      ).body.data,
    uploadProfileImage: async (image: ProfileImage, body: BodyOf<'/api/v1/tenant-profile/{image}', 'put'>) =>
      (await call(api().PUT('/api/v1/tenant-profile/{image}', { params: { path: { image } }, body }))).body.data,
    removeProfileImage: async (image: ProfileImage) =>
      (await call(api().DELETE('/api/v1/tenant-profile/{image}', { params: { path: { image } } }))).body.data,
  },
} satisfies DataPart;

export type TenantProfileActions = typeof tenantProfileData.actions;
