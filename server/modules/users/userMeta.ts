import type { GenericMeta } from '../../reads/genericMeta';

/** One user as their page shows it (schema User, getUser), read back after the lifecycle's writes. */
export const userGetMeta: GenericMeta = {
  kind: 'get',
  entity: 'user',
  fields: [
    'id',
    'name',
    'email_address',
    'admin',
    'root',
    'two_factor',
    'active',
    'verified',
    'password_reset',
    'disabled',
    'user_language',
    'timezone',
    'timeout',
  ],
  expand: [{ property: 'organisation', via: 'organisation', entity: 'organisation', fields: ['id', 'name', 'depth', 'parent'] }],
  sort: [],
  filters: [],
  scope: { kind: 'tree', field: 'organisation' },
};

const TIMEZONE_LOOKUP = { timezone: { entity: 'timezone', field: 'code' } };

/** A new user (schema UserInput): the generic create's rules (scope, timezone code), with the lifecycle added (users/handlers.ts). */
export const userCreateMeta: GenericMeta = {
  ...userGetMeta,
  kind: 'create',
  write: {
    fields: ['name', 'email_address', 'organisation', 'user_language', 'timezone', 'timeout'],
    requires: {},
    lookup: TIMEZONE_LOOKUP,
  },
};

/** An existing user's definition (schema UserUpdate). */
export const userUpdateMeta: GenericMeta = {
  ...userGetMeta,
  kind: 'update',
  write: { fields: ['name', 'email_address', 'user_language', 'timezone', 'timeout'], requires: {}, lookup: TIMEZONE_LOOKUP },
};
