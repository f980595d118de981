import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertsProvider } from '../alerts/AlertsProvider';
import type { CurrentUser } from '../session/currentUser';
import { CurrentUserContext } from '../session/currentUserContext';
import { ActionBar } from './ActionBar';
import type { ActionConfig } from './actionTypes';
import { ConfirmModal } from './ConfirmModal';

// Server-side rendering in node (no DOM library is installed): what the bar and the modal draw for
// a user and a row; which actions apply is covered by actionRules.test.ts.

const user = (admin: boolean): CurrentUser =>
  ({
    id: 1,
    name: 'Admin',
    admin,
    root: true,
    permissions: [],
    modules: ['WEBSTORE'],
    organisation: { id: 1, name: 'Supplier', linked_account: true },
  }) as unknown as CurrentUser;

function withUser(signedIn: CurrentUser | null, children: ReactNode) {
  const state = { user: signedIn, loading: false, reload: async () => signedIn, logout: async () => undefined, signedIn: () => undefined };
  return (
    <MemoryRouter>
      <CurrentUserContext value={state}>
        <AlertsProvider>{children}</AlertsProvider>
      </CurrentUserContext>
    </MemoryRouter>
  );
}

const actions: ActionConfig[] = [
  {
    name: 'disable',
    label: 'users.disable',
    guards: [{ permission: 'user:admin' }],
    when: { disabled: false },
    notSelf: 'user',
    call: {
      operation: 'disableUser',
      method: 'post',
      path: '/users/{id}/disable',
      params: { id: { from: 'row', field: 'id' } },
      body: false,
    },
    confirm: { text: 'confirm.disable_user' },
    success: 'user_disabled_success',
    failure: 'user_status_failure',
  },
  { name: 'duplicate', label: 'roles.duplicate', guards: [{ admin: true }], route: 'role_duplicate' },
];
const reload = () => undefined;

describe('ActionBar', () => {
  it('draws a button for each operation offered and a link for each route', () => {
    const html = renderToStaticMarkup(
      withUser(user(true), <ActionBar actions={actions} subject={{ values: { id: 7, name: 'Bea', disabled: false } }} reload={reload} />),
    );
    expect(html).toMatch(/<button type="button" class="button action-bar__button"[^>]*>Disable<\/button>/);
    expect(html).toMatch(/<a [^>]*href="\/backoffice\/roles\/7\/duplicate"[^>]*>Duplicate<\/a>/);
  });

  it("offers nothing on the user's own row that the spec keeps from it, and nothing to those the guards refuse", () => {
    expect(
      renderToStaticMarkup(
        withUser(user(true), <ActionBar actions={actions.slice(0, 1)} subject={{ values: { id: 1, disabled: false } }} reload={reload} />),
      ),
    ).toBe('');
    expect(
      renderToStaticMarkup(
        withUser(user(false), <ActionBar actions={actions} subject={{ values: { id: 7, disabled: false } }} reload={reload} />),
      ),
    ).toBe('');
    expect(
      renderToStaticMarkup(
        withUser(null, <ActionBar actions={actions} subject={{ values: { id: 7, disabled: false } }} reload={reload} />),
      ),
    ).toBe('');
  });
});

describe('ConfirmModal', () => {
  const ignore = () => undefined;

  it('asks with Yes and No, its text naming the row', () => {
    const html = renderToStaticMarkup(
      <ConfirmModal
        title="Disable"
        confirm={{ text: 'confirm.disable_user' }}
        values={{ name: 'Bea' }}
        busy={false}
        onConfirm={ignore}
        onCancel={ignore}
      />,
    );
    expect(html).toContain('Are you sure you want to disable the user Bea?');
    expect(html).toMatch(
      /<button type="button" class="button button--primary">Yes<\/button><button type="button" class="button">No<\/button>/,
    );
  });

  it('asks with Proceed and Cancel when it has an input, at most its max long', () => {
    const confirm = { text: 'confirm.delete_basket', input: { field: 'name', label: 'baskets.name', max: 255 } };
    const html = renderToStaticMarkup(
      <ConfirmModal title="Delete" confirm={confirm} values={{ name: 'Office' }} busy={false} onConfirm={ignore} onCancel={ignore} />,
    );
    expect(html).toMatch(/>Proceed<\/button>.*>Cancel<\/button>/);
    expect(html).toMatch(/<input [^>]*type="text"[^>]*maxLength="255"/);
  });

  it('holds Proceed back while a required input is empty, and marks the input required', () => {
    const confirm = {
      text: 'confirm.emulate_user',
      input: { field: 'reason', label: 'users.emulation_reason', max: 200, required: true as const },
    };
    const html = renderToStaticMarkup(
      <ConfirmModal title="Emulate" confirm={confirm} values={{ name: 'Bob' }} busy={false} onConfirm={ignore} onCancel={ignore} />,
    );
    expect(html).toMatch(
      /<button type="button" class="button button--primary" disabled="">Proceed<\/button><button type="button" class="button">Cancel<\/button>/,
    );
    expect(html).toMatch(/<input [^>]*required=""[^>]*maxLength="200"/);
  });

  it('disables its buttons while the action runs', () => {
    const html = renderToStaticMarkup(
      <ConfirmModal title="Disable" confirm={{ text: 'confirm.disable_user' }} values={{}} busy onConfirm={ignore} onCancel={ignore} />,
    );
    expect(html).toMatch(
      /<button type="button" class="button button--primary" disabled="">Yes<\/button><button type="button" class="button" disabled="">No<\/button>/,
    );
  });
});
