import type { components } from '../generated/api';

/** The signed-in user as `GET /whoami` and `POST /auth/login` answer it (api contract). */
export type CurrentUser = components['schemas']['CurrentUser'];
export type UserPermission = CurrentUser['permissions'][number];
export type UserModule = CurrentUser['modules'][number];
