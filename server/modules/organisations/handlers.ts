import type { Knex } from 'knex';
import { invalidValue, outsideScope } from '../../domain/errors';
import { genericGet } from '../../reads/genericList';
import type { Handler, RequestContext } from '../../http/operationDef';
import type { Organisation, OrganisationInput, OrganisationUpdate, UploadedFile } from '../../generated/types';
import { signedIn } from '../auth/signedIn';
import type { SessionUser } from '../auth/sessionUser';
import { saveAccountManagers, supplierAccountManager } from './accountManagers';
import { saveAddresses } from './addresses';
import { nextImage } from './branding';
import { createFirstAdmin, giveTemplateRoles } from './newOrganisation';
import { organisationGetMeta } from './organisationMeta';
import { checkDefinitionFormats, NEW_ORGANISATION_DEFAULTS, refuseRestrictedFields, withPoRules } from './organisationRules';

/**
 * The organisation editor's saves (002 §2.4, §7; docs/backoffice.md "Organisation editor"): the
 * definition, the supplier account manager, branding images, account managers and addresses (and
 * for a new organisation its first admin and template roles), all in the request's transaction,
 * each change audited. The rules are organisationRules.ts's and the modules named below.
 */

interface Parent {
  id: number;
  tree_path: string;
  depth: number;
  parent_id: number | null;
  base_url: string | null;
}

/** The parent as the supplier-account-manager rules need it: whose managers, and whether it is the root (002 §5). */
const supplierOf = (parent: Parent) => ({ id: Number(parent.id), isRoot: parent.parent_id === null, baseUrl: parent.base_url });

/**
 * The parent must lie in the caller's subtree (their own organisation included: the new one is
 * then a child, which even a children-only grant covers); anything else is refused as out of scope,
 * whether it exists or not, so that ids outside the tree reveal nothing.
 */
async function parentInScope(db: Knex, user: SessionUser, parentId: number | null | undefined): Promise<Parent> {
  if (parentId === null || parentId === undefined) throw invalidValue('parent', 'parent is required');
  const parent = (await db('organisations').where('id', parentId).first('id', 'tree_path', 'depth', 'parent_id', 'base_url')) as
    Parent | undefined;
  if (!parent || !parent.tree_path.startsWith(user.organisation.tree_path)) {
    throw outsideScope('parent');
  }
  return parent;
}

/** What the body says of the organisation's own fields (its lists, first admin and new manager apart). */
function definitionOf(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const {
    new_supplier_account_manager: _new,
    account_managers: _managers,
    addresses: _addresses,
    first_admin: _admin,
    template_roles: _roles,
    branding_image: _image,
    branding_background_image: _background,
    ...definition
  } = body;
  return definition;
}

/** The record's references as the ids a body sends (parent, price list, catalogue, account manager). */
function plainRecord(record: Organisation): Record<string, unknown> {
  const idOf = (value: { id: number } | null) => value?.id ?? null;
  return {
    ...record,
    parent: idOf(record.parent),
    assigned_price_list: idOf(record.assigned_price_list),
    catalogue: idOf(record.catalogue),
    supplier_account_manager: idOf(record.supplier_account_manager),
  };
}

const readBack = async (context: RequestContext, id: number) =>
  (await genericGet(context.db, organisationGetMeta(), { params: { id }, query: {}, user: context.user })) as Organisation;

/** Both images of a save: a new file, the token kept, or null (removed); undefined leaves the field alone. */
async function imagesOf(
  context: RequestContext,
  id: number,
  sent: { image?: string | null; background?: string | null },
  files: { image?: UploadedFile; background_image?: UploadedFile } | undefined,
  current: { image: string | null; background: string | null },
) {
  const image = await nextImage(context.records, id, 'branding_image', sent.image, files?.image, current.image);
  const background = await nextImage(
    context.records,
    id,
    'branding_background_image',
    sent.background,
    files?.background_image,
    current.background,
  );
  return {
    ...(image !== undefined && { branding_image: image }),
    ...(background !== undefined && { branding_background_image: background }),
  };
}

/**
 * 002 §2.4 new organisation: its place in the tree (tree_path, depth) follows from the parent, and
 * the path holds the new id, so it is completed in the same transaction. Its supplier account
 * manager (chosen among the parent's, or new) is required: every organisation but the root has one
 * (002 §5).
 */
export const createOrganisation: Handler<'createOrganisation'> = async ({ body, files }, context) => {
  const user = signedIn(context);
  const parent = await parentInScope(context.db, user, body.parent);
  const sent = { ...body } as Record<string, unknown>;
  refuseRestrictedFields(user, sent, NEW_ORGANISATION_DEFAULTS, false);
  const definition = withPoRules(definitionOf(sent), sent);
  checkDefinitionFormats(definition);
  const manager = await supplierAccountManager(
    context.records,
    supplierOf(parent),
    body.supplier_account_manager,
    body.new_supplier_account_manager,
    null,
  );
  if (manager === null || manager === undefined)
    throw invalidValue('supplier_account_manager', 'a supplier account manager, chosen or new, is required');
  const values = {
    ...definition,
    supplier_account_manager: manager,
    parent: parent.id,
    depth: Number(parent.depth) + 1,
    tree_path: parent.tree_path,
  };
  const id = await context.records.insert('organisation', values);
  const images = await imagesOf(context, id, {}, files, { image: null, background: null });
  await context.records.update('organisation', id, { tree_path: `${parent.tree_path}${id}/`, ...images }, { action: 'CREATE' });
  await saveParts(context, id, body, { isRoot: false, baseUrl: null });
  const created = await readBack(context, id);
  if (body.first_admin) await createFirstAdmin(context.records, created, body.first_admin, context.now());
  if (body.template_roles) await giveTemplateRoles(context.records, user, id, body.template_roles);
  return created;
};

/** The account managers and addresses a save sends: each list, when sent, becomes exactly what was sent. */
async function saveParts(
  context: RequestContext,
  id: number,
  body: OrganisationInput | OrganisationUpdate,
  root: { isRoot: boolean; baseUrl: unknown },
): Promise<void> {
  if (body.account_managers) await saveAccountManagers(context.records, id, body.account_managers, root);
  if (body.addresses) await saveAddresses(context.records, id, body.addresses);
}

/**
 * 002 §2.4, §7 PUT /organisations/{id}: an organisation of the caller's tree (404 outside it, as
 * for its get), its own included. Fields another operation owns (parent, currency, status,
 * two-factor) and those the caller may not set are compared with the record (403 forbidden_field
 * when they differ); the rest is saved.
 */
export const updateOrganisation: Handler<'updateOrganisation'> = async ({ params, body, files }, context) => {
  const user = signedIn(context);
  const record = await readBack(context, params.id);
  const current = plainRecord(record);
  const sent = { ...body } as Record<string, unknown>;
  refuseRestrictedFields(user, sent, current, record.id === user.organisation.id);
  const merged = { ...current, ...definitionOf(sent) };
  const definition = withPoRules(definitionOf(sent), merged);
  checkDefinitionFormats(definition);
  await checkBillingAccount(context.db, record.id, merged['billing_account']);
  const parent =
    record.parent &&
    ((await context
      .db('organisations')
      .where('id', record.parent.id)
      .first('id', 'tree_path', 'depth', 'parent_id', 'base_url')) as Parent);
  const currentManager = current['supplier_account_manager'] as number | null;
  const manager = parent
    ? await supplierAccountManager(
        context.records,
        supplierOf(parent),
        body.supplier_account_manager,
        body.new_supplier_account_manager,
        currentManager,
      )
    : await supplierAccountManager(context.records, null, body.supplier_account_manager, body.new_supplier_account_manager, currentManager);
  if (parent && manager === null)
    throw invalidValue('supplier_account_manager', 'every organisation but the root has a supplier account manager');
  const images = await imagesOf(context, record.id, { image: body.branding_image, background: body.branding_background_image }, files, {
    image: record.branding_image,
    background: record.branding_background_image,
  });
  await context.records.update('organisation', record.id, {
    ...definition,
    ...(manager !== undefined && { supplier_account_manager: manager }),
    ...images,
  });
  await saveParts(context, record.id, body, { isRoot: record.parent === null, baseUrl: merged['base_url'] });
  return readBack(context, record.id);
};

/** 002 §5 "A billing account is required if more than one exists": an organisation with several linked accounts names its billing one. */
async function checkBillingAccount(db: Knex, organisationId: number, billingAccount: unknown): Promise<void> {
  if (typeof billingAccount === 'string' && billingAccount.trim() !== '') return;
  const [{ count }] = (await db('linked_accounts').where('organisation_id', organisationId).count({ count: '*' })) as [
    { count: number | string },
  ];
  if (Number(count) > 1) throw invalidValue('billing_account', 'an organisation with several linked accounts names its billing account');
}
