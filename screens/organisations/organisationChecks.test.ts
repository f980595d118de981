import { describe, expect, it } from 'vitest';
import { onProviderDomain, problemLocation, problemsOf, providerHost, tabInvalid, type CheckContext } from './organisationChecks';
import { createBody, emptyAddress, emptyManager, newDraft, NEW_MANAGER, withDefinition, type OrganisationDraft } from './organisationDraft';

const CREATING: CheckContext = { creating: true, isRoot: false, root: false, rootAdmin: false, linkedAccounts: 0, choosesManager: true };

function valid(): OrganisationDraft {
  return withDefinition(newDraft(2), { name: 'Northwind', supplier_account_manager: 3 });
}

describe('organisation editor checks (002 §5)', () => {
  it('passes a complete new organisation, and names each missing piece on its tab', () => {
    expect(problemsOf(valid(), CREATING)).toEqual({});
    const empty = problemsOf(newDraft(null), CREATING);
    expect(Object.keys(empty).sort()).toEqual(['definition.name', 'definition.parent', 'definition.supplier_account_manager']);
    expect(tabInvalid(empty, 'definition')).toBe(true);
    expect(tabInvalid(empty, 'addresses')).toBe(false);
  });

  it('needs a supplier account manager except for the root, and a new one needs a name and a valid e-mail', () => {
    expect(problemsOf(withDefinition(valid(), { supplier_account_manager: null }), { ...CREATING, creating: false, isRoot: true })).toEqual(
      {},
    );
    const fresh = withDefinition(valid(), {
      supplier_account_manager: NEW_MANAGER,
      new_manager: { account_manager_name: '', account_manager_email: 'nope', account_manager_phone: '' },
    });
    expect(Object.keys(problemsOf(fresh, CREATING)).sort()).toEqual([
      'definition.new_manager.account_manager_email',
      'definition.new_manager.account_manager_name',
    ]);
  });

  it('turns the PO rules off when the organisation may create resellers (002 §4)', () => {
    const draft = withDefinition(withDefinition(valid(), { po_number_required: true, force_po_uniqueness: true }), {
      can_create_resellers: true,
    });
    expect(draft.definition).toMatchObject({ po_number_required: false, force_po_uniqueness: false });
    expect(withDefinition(valid(), { can_create_resellers: false, po_number_required: true }).definition.po_number_required).toBe(true);
  });

  it('flags an incomplete address, and account managers without a name, with a bad or repeated e-mail', () => {
    const address = emptyAddress();
    const [first, second] = [emptyManager(), emptyManager()];
    const draft: OrganisationDraft = {
      ...valid(),
      addresses: [{ ...address, name: 'Office' }],
      account_managers: [
        { ...first!, account_manager_name: 'Ann', account_manager_email: 'ann@x.example' },
        { ...second!, account_manager_name: '', account_manager_email: 'ANN@x.example' },
      ],
    };
    const problems = problemsOf(draft, CREATING);
    expect(problems[`addresses.${address.key}`]).toEqual({ key: 'organisations.address_incomplete' });
    expect(problems[`account_managers.${second!.key}.account_manager_name`]).toEqual({ key: 'field_required' });
    expect(problems[`account_managers.${second!.key}.account_manager_email`]).toEqual({ key: 'organisations.email_invalid' });
    expect(problems[`account_managers.${first!.key}.account_manager_email`]).toBeUndefined();
  });

  it('keeps the root organisation’s managers on its base URL’s domain, saying which', () => {
    const draft: OrganisationDraft = {
      ...withDefinition(valid(), { base_url: 'https://hub.supplier.example' }),
      account_managers: [{ ...emptyManager(), account_manager_name: 'Eve', account_manager_email: 'eve@elsewhere.example' }],
    };
    const [problem] = Object.values(problemsOf(draft, { ...CREATING, creating: false, isRoot: true }));
    expect(problem).toEqual({ key: 'organisations.provider_domain', values: { host: 'supplier.example' } });
    expect(providerHost('https://hub.supplier.example')).toBe('supplier.example');
    expect(providerHost('http://localhost:3000')).toBeNull();
    expect(onProviderDomain('https://hub.supplier.example', 'a@supplier.example')).toBe(true);
    expect(onProviderDomain('https://hub.supplier.example', 'a@hub.supplier.example')).toBe(true);
    expect(onProviderDomain('https://hub.supplier.example', 'a@example')).toBe(false);
  });

  it('checks branding values and the first admin', () => {
    const draft: OrganisationDraft = {
      ...valid(),
      branding: { ...valid().branding, nav_bar_colour: 'red', heading_font: 'Arial;}' },
      first_admin: { first_admin_name: '', first_admin_email: 'x', first_admin_timezone: '' },
    };
    expect(Object.keys(problemsOf(draft, CREATING)).sort()).toEqual([
      'branding.heading_font',
      'branding.nav_bar_colour',
      'first_admin.first_admin_email',
      'first_admin.first_admin_name',
      'first_admin.first_admin_timezone',
    ]);
  });

  it('places the server’s problem where it belongs in the editor', () => {
    const manager = emptyManager();
    const draft: OrganisationDraft = { ...valid(), account_managers: [manager] };
    expect(problemLocation('account_managers[0].account_manager_email', draft)).toBe(
      `account_managers.${manager.key}.account_manager_email`,
    );
    expect(problemLocation('new_supplier_account_manager.account_manager_email', draft)).toBe(
      'definition.new_manager.account_manager_email',
    );
    expect(problemLocation('image', draft)).toBe('branding.image');
    expect(problemLocation('branding_image', draft)).toBe('branding.image');
    expect(problemLocation('first_admin.first_admin_email', draft)).toBe('first_admin.first_admin_email');
    expect(problemLocation('name', draft)).toBe('definition.name');
    expect(problemLocation('jsonBody', draft)).toBeNull();
    expect(problemLocation(undefined, draft)).toBeNull();
  });

  it('sends a new organisation with its lists, first admin and template roles, and no empty texts', () => {
    const draft: OrganisationDraft = {
      ...valid(),
      template_roles: [3],
      first_admin: { first_admin_name: ' Nora ', first_admin_email: 'nora@x.example', first_admin_timezone: 'Europe/London' },
    };
    expect(createBody(draft)).toMatchObject({
      name: 'Northwind',
      parent: 2,
      supplier_account_manager: 3,
      new_supplier_account_manager: null,
      admin_email: null,
      finance_type: null,
      template_roles: [3],
      first_admin: { first_admin_name: 'Nora' },
    });
  });
});
