import { fileURLToPath } from 'node:url';

/** Storage states (the session cookie) of the demo users, written by `sign-ins.setup.ts`. */
export const ADMIN_STATE = fileURLToPath(new URL('../.auth/admin.json', import.meta.url));
export const VIEWER_STATE = fileURLToPath(new URL('../.auth/viewer.json', import.meta.url));

export const DEMO_USERS = {
  admin: { username: 'admin', password: 'washops-admin' },
  viewer: { username: 'viewer', password: 'washops-viewer' },
} as const;
