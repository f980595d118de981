import type { MessageKey } from '../../runtime/generated/messages';
import type { EditableDetailField } from '../../shared/baskets/lineDetails';

/** Each field's label: the wizard and the basket page name them alike. */
export const DETAIL_LABELS: Record<EditableDetailField, MessageKey> = {
  dropbox_team_name: 'checkout.dropbox_team_name',
  dropbox_admin_email: 'checkout.dropbox_admin_email',
  acronis_tenant_name: 'checkout.acronis_tenant_name',
  acronis_admin_email: 'checkout.acronis_admin_email',
  nuvias_name: 'checkout.nuvias_name',
  sbc_name: 'checkout.sbc_name',
  stac_teams_name: 'checkout.stac_teams_name',
  stac_zoom_phone_name: 'checkout.stac_zoom_phone_name',
  zoom_order_type: 'checkout.zoom_order_type',
  zoom_deal_registration_id: 'checkout.zoom_deal_registration_id',
  zoom_deal_registration_approval_id: 'checkout.zoom_deal_registration_approval_id',
  zoom_end_user_company: 'checkout.zoom_end_user_company',
  zoom_end_user_name: 'checkout.zoom_end_user_name',
  zoom_end_user_email: 'checkout.zoom_end_user_email',
};
