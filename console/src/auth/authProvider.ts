import type { AuthProvider } from 'react-admin';
import { api, call } from '../api/client.js';
import type { Me } from '../api/types.js';
import { session } from './session.js';

/**
 * Sign-in by API key: the key is checked with GET /api/v1/me and kept in sessionStorage only.
 * Who the person is (identity) and what they may call (permissions = the `me` answer) come from
 * that same answer, read once per sign-in or page load.
 */
let me: Promise<Me> | undefined;

function loadMe(): Promise<Me> {
  me ??= call(api().GET('/api/v1/me'))
    .then(({ body }) => body.data)
    .catch((error: unknown) => {
      me = undefined;
      throw error;
    });
  return me;
}

export const authProvider: AuthProvider = {
  async login({ apiKey }: { apiKey: string }) {
    session.signIn(apiKey.trim());
    me = undefined;
    try {
      await loadMe();
    } catch (error) {
      session.signOut();
      throw error;
    }
  },
  async logout() {
    session.signOut();
    me = undefined;
  },
  async checkAuth() {
    if (!session.key()) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: { status?: number }) {
    // 401: the key was revoked or expired: sign out. 403 is an answer in words, not a sign-out.
    if (error?.status === 401) {
      session.signOut();
      me = undefined;
      throw error;
    }
  },
  async getIdentity() {
    const who = await loadMe();
    return { id: who.user?.id ?? who.keyId, fullName: who.user?.name ?? who.role };
  },
  async getPermissions() {
    if (!session.key()) return undefined;
    return loadMe();
  },
};
