import type { GenericMeta } from '../../http/operationDef';

/** One organisation as its page shows it (schema Organisation), read back after a create. */
export const organisationGetMeta: GenericMeta = {
  kind: 'get',
  entity: 'organisation',
  fields: [
    'id', 'name', 'parent', 'depth', 'status', 'is_on_hold', 'on_credit_hold', 'can_create_resellers', 'po_number_required',
    'force_po_uniqueness', 'finance_type', 'assigned_price_list', 'catalogue', 'billing_account', 'orders_require_manual_auth',
    'order_manual_auth_limit', 'preferred_language', 'user_inactivity_timeout', 'base_url', 'subscribed_modules', 'is_linked',
    'currency', 'admin_email', 'tenant_name', 'team_name', 'branding_image', 'branding_background_image', 'nav_bar_colour',
    'footer_text', 'heading_font', 'text_body_font', 'require_two_factor',
  ],
  expand: [
    {
      property: 'supplier_account_manager',
      via: 'supplier_account_manager',
      entity: 'account_manager',
      fields: ['id', 'account_manager_name', 'account_manager_email', 'account_manager_phone'],
    },
  ],
  sort: [],
  filters: [],
  scope: { kind: 'tree', field: 'self' },
};
