import { describe, expect, it } from 'vitest';
import {
  addColumn,
  changeDraft,
  draftFromFeed,
  draftProblems,
  feedBody,
  moveColumn,
  newFeedDraft,
  organisationFull,
  removeColumn,
  type DraftContext,
  type FeedDraft,
  type FeedOrganisation,
  type StoredFeed,
} from './feedDraft';

// The feed page's form as pure data (002 §2.10, §4, §5): defaults, what one change moves, the
// problems as typed and the body a save sends.

const ORGANISATIONS: FeedOrganisation[] = [
  { id: 1, name: 'Supplier Distribution Ltd', depth: 0, parent: null, feed_count: 3 },
  { id: 2, name: 'Reseller Partners UK Ltd', depth: 1, parent: 1, feed_count: 10 },
  { id: 7, name: 'Other Reseller', depth: 1, parent: 1, feed_count: 9 },
];
const context = (overrides: Partial<DraftContext> = {}): DraftContext => ({
  namesSitcFile: false,
  organisations: ORGANISATIONS,
  siblingNames: new Set(['daily price file']),
  ...overrides,
});

const STORED: StoredFeed = {
  id: 2,
  name: 'Warehouse stock (SFTP)',
  organisation: { id: 2, name: 'Reseller Partners UK Ltd' },
  active: false,
  timeslot: 1380,
  show_empty_stock: false,
  delivery_method: 'FTP',
  delivery_email: null,
  delivery_server: 'sftp.reseller.example',
  delivery_user: 'hubfeed',
  ftp_server_protocol: 'SFTP',
  ftp_server_port: 22,
  filename: 'stock.csv',
  sitc_confirm: false,
  sitc_filename: null,
  columns: ['name', 'stock', 'ean'],
  show_headers: true,
  delimiter: 'SEMI_COLON',
  escape_method: 'ESCAPED',
  delivery_password_set: true,
  sftp_host_key_set: false,
};

const valid = (): FeedDraft => ({
  ...newFeedDraft(),
  name: 'Nightly',
  organisation: 1,
  timeslot: 1260,
  delivery_email: 'feeds@reseller.example',
});

describe('feed draft', () => {
  it('starts a new feed with the defaults of 002 §4: enabled, no slot, e-mail, FTP on 21, quoted, comma, headers, no columns', () => {
    expect(newFeedDraft()).toMatchObject({
      active: true,
      timeslot: null,
      show_empty_stock: false,
      delivery_method: 'EMAIL',
      ftp_server_protocol: 'FTP',
      ftp_server_port: 21,
      sitc_confirm: false,
      columns: [],
      delimiter: 'COMMA',
      escape_method: 'QUOTED',
      show_headers: true,
      delivery_password: '',
    });
  });

  it('moves the port with the protocol unless the user typed their own (002 §4)', () => {
    let draft = changeDraft(valid(), 'delivery_method', 'FTP', context());
    draft = changeDraft(draft, 'ftp_server_protocol', 'SFTP', context());
    expect(draft.ftp_server_port).toBe(22);
    draft = changeDraft(draft, 'ftp_server_protocol', 'FTPS', context());
    expect(draft.ftp_server_port).toBe(990);
    draft = changeDraft(draft, 'ftp_server_port', 2121, context());
    draft = changeDraft(draft, 'ftp_server_protocol', 'FTP', context());
    expect(draft.ftp_server_port).toBe(2121);
  });

  it("fills a SITC feed's filename from its organisation, following the organisation while it is still derived (002 §4)", () => {
    let draft = changeDraft(valid(), 'delivery_method', 'SITC', context());
    expect(draft.sitc_filename).toBe('supplier distribution ltd.csv');
    draft = changeDraft(draft, 'organisation', 7, context());
    expect(draft.sitc_filename).toBe('other reseller.csv');
    draft = changeDraft(draft, 'sitc_filename', 'own.csv', context({ namesSitcFile: true }));
    expect(changeDraft(draft, 'organisation', 1, context({ namesSitcFile: true })).sitc_filename).toBe('own.csv');
    // An existing feed's is a root admin's to edit: others' stays as stored.
    const existing = draftFromFeed({ ...STORED, delivery_method: 'EMAIL' });
    expect(changeDraft(existing, 'delivery_method', 'SITC', context({ stored: STORED })).sitc_filename).toBe('');
    expect(changeDraft(existing, 'delivery_method', 'SITC', context({ stored: STORED, namesSitcFile: true })).sitc_filename).toBe(
      'reseller partners uk ltd.csv',
    );
  });

  it('keeps SITC readiness once saved true (002 §4 locked on reload)', () => {
    const confirmed = { ...STORED, delivery_method: 'SITC' as const, sitc_confirm: true };
    const draft = draftFromFeed(confirmed);
    expect(changeDraft(draft, 'sitc_confirm', false, context({ stored: confirmed })).sitc_confirm).toBe(true);
    expect(changeDraft({ ...draft, sitc_confirm: false }, 'sitc_confirm', true, context({ stored: STORED })).sitc_confirm).toBe(true);
  });

  it('adds, removes and moves columns, SKU never among them', () => {
    expect(addColumn(['name'], 'price')).toEqual(['name', 'price']);
    expect(addColumn(['name'], 'name')).toEqual(['name']);
    expect(removeColumn(['name', 'price'], 'name')).toEqual(['price']);
    expect(moveColumn(['name', 'price', 'ean'], 2, -1)).toEqual(['name', 'ean', 'price']);
    expect(moveColumn(['name', 'price', 'ean'], 0, 1)).toEqual(['price', 'name', 'ean']);
    expect(moveColumn(['name', 'price'], 0, -1)).toEqual(['name', 'price']);
    expect(moveColumn(['name', 'price'], 1, 1)).toEqual(['name', 'price']);
  });

  it('says what is wrong as typed, by field (002 §5)', () => {
    expect(draftProblems(valid(), context())).toEqual({});
    expect(draftProblems(newFeedDraft(), context())).toMatchObject({
      name: { key: 'field_required' },
      organisation: { key: 'field_required' },
      timeslot: { key: 'field_required' },
      delivery_email: { key: 'field_required' },
    });
    expect(draftProblems({ ...valid(), name: ' Daily Price File ' }, context()).name).toEqual({ key: 'feed_invalid_name' });
    expect(draftProblems({ ...valid(), organisation: 2 }, context()).organisation).toEqual({ key: 'problem.max_feeds_reached' });
    expect(draftProblems({ ...valid(), filename: 'a:b.csv' }, context()).filename).toEqual({ key: 'problem.feed_invalid_filename' });
    expect(draftProblems({ ...valid(), filename: '..x.csv' }, context()).filename).toEqual({ key: 'problem.feed_invalid_filename' });
    expect(draftProblems({ ...valid(), delivery_email: 'not an address' }, context()).delivery_email).toEqual({ key: 'email_regex' });
    expect(draftProblems({ ...valid(), name: 'x'.repeat(256) }, context()).name).toEqual({ key: 'field_too_long', values: { max: '255' } });
    const ftp = { ...valid(), delivery_method: 'FTP' as const, delivery_server: 'h', delivery_user: 'u', ftp_server_port: 70000 };
    expect(draftProblems(ftp, context())).toEqual({
      delivery_password: { key: 'field_required' },
      ftp_server_port: { key: 'feeds.port_invalid' },
    });
    // A stored password counts; SITC asks a root admin for its filename, and checks no filename rule.
    expect(draftProblems({ ...ftp, ftp_server_port: 22 }, context({ stored: STORED }))).toEqual({});
    expect(
      draftProblems({ ...valid(), delivery_method: 'SITC', filename: '../x', sitc_filename: '' }, context({ namesSitcFile: true })),
    ).toEqual({ sitc_filename: { key: 'field_required' } });
  });

  it("lets a feed stay in its own organisation at ten feeds, and refuses another organisation's tenth place", () => {
    expect(organisationFull(2, context({ stored: STORED }))).toBe(false);
    expect(organisationFull(2, context())).toBe(true);
    expect(organisationFull(7, context())).toBe(false);
  });

  it('sends empty text as null, the password only when typed, and the SITC filename only from root admins', () => {
    const body = feedBody({ ...valid(), delivery_server: '  ', sitc_filename: 'x.csv' }, { namesSitcFile: false });
    expect(body).toMatchObject({ name: 'Nightly', delivery_server: null, filename: null, delivery_email: 'feeds@reseller.example' });
    expect(body).not.toHaveProperty('delivery_password');
    expect(body).not.toHaveProperty('sitc_filename');
    expect(feedBody({ ...valid(), delivery_password: 'secret', sitc_filename: '' }, { namesSitcFile: true })).toMatchObject({
      delivery_password: 'secret',
      sitc_filename: null,
    });
  });
});
