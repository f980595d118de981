import { forms } from '../../runtime/generated/forms';
import type { MessageKey } from '../../runtime/generated/messages';
import {
  feedRuleProblems,
  MAX_FEEDS_PER_ORGANISATION,
  portAfterProtocolChange,
  portValid,
  sitcFilenameFor,
  type FtpProtocol,
} from '../../shared/feeds/feedRules';

/**
 * The feed page's form (002 §2.10, §3 Feed, §4, §5) as plain data and pure rules: what the user
 * edits, how one change moves others (the port with the protocol, the SITC filename with the
 * organisation), what is wrong with it as typed, and the body a save sends. Its limits, patterns,
 * choices and defaults are the generated form `feed_form`'s, from the same schema the API checks;
 * the save rules are shared/feeds/feedRules.ts, the server's own.
 */
const FORM = forms.feed_form;
const PROPERTIES = FORM.schema.properties;

export type DeliveryMethod = (typeof FORM.enums.delivery_method)[number];
export type FeedColumn = (typeof FORM.enums.columns)[number];
export type Delimiter = (typeof FORM.enums.delimiter)[number];
export type EscapeMethod = (typeof FORM.enums.escape_method)[number];

export const DELIVERY_METHODS: readonly DeliveryMethod[] = FORM.enums.delivery_method;
export const PROTOCOLS: readonly FtpProtocol[] = FORM.enums.ftp_server_protocol;
/** 002 §3: the columns a feed may add after the SKU, which is always first. */
export const FEED_COLUMNS: readonly FeedColumn[] = FORM.enums.columns;
export const DELIMITERS: readonly Delimiter[] = FORM.enums.delimiter;
export const ESCAPE_METHODS: readonly EscapeMethod[] = FORM.enums.escape_method;
const EMAIL_PATTERN = new RegExp(PROPERTIES.delivery_email.pattern);

/** The feed as the page edits it; `delivery_password` is what is typed now ('' for none: keep the stored one). */
export interface FeedDraft {
  name: string;
  organisation: number | null;
  active: boolean;
  timeslot: number | null;
  show_empty_stock: boolean;
  delivery_method: DeliveryMethod;
  delivery_email: string;
  delivery_server: string;
  delivery_user: string;
  delivery_password: string;
  ftp_server_protocol: FtpProtocol;
  ftp_server_port: number | null;
  filename: string;
  sitc_confirm: boolean;
  sitc_filename: string;
  columns: FeedColumn[];
  show_headers: boolean;
  delimiter: Delimiter;
  escape_method: EscapeMethod;
}

/** A feed as GET /feeds/{id} answers it (the fields the page reads). */
export type StoredFeed = {
  id: number;
  name: string;
  organisation: { id: number; name: string } | null;
  active: boolean;
  timeslot: number | null;
  show_empty_stock: boolean;
  delivery_method: DeliveryMethod;
  delivery_email: string | null;
  delivery_server: string | null;
  delivery_user: string | null;
  ftp_server_protocol: FtpProtocol;
  ftp_server_port: number;
  filename: string | null;
  sitc_confirm: boolean;
  sitc_filename: string | null;
  columns: FeedColumn[];
  show_headers: boolean;
  delimiter: Delimiter;
  escape_method: EscapeMethod;
  delivery_password_set: boolean;
  sftp_host_key_set: boolean;
};

/** An organisation the feed may be given, with its feed count (GET /feeds/organisations). */
export interface FeedOrganisation {
  id: number;
  name: string;
  depth: number;
  parent: number | null;
  feed_count: number;
}

/** 002 §4 new-feed defaults: the entity's, as the generated form carries them (no time slot yet). */
export function newFeedDraft(): FeedDraft {
  return {
    name: '',
    organisation: null,
    active: PROPERTIES.active.default,
    timeslot: null,
    show_empty_stock: PROPERTIES.show_empty_stock.default,
    delivery_method: PROPERTIES.delivery_method.default,
    delivery_email: '',
    delivery_server: '',
    delivery_user: '',
    delivery_password: '',
    ftp_server_protocol: PROPERTIES.ftp_server_protocol.default,
    ftp_server_port: PROPERTIES.ftp_server_port.default,
    filename: '',
    sitc_confirm: PROPERTIES.sitc_confirm.default,
    sitc_filename: '',
    columns: [],
    show_headers: PROPERTIES.show_headers.default,
    delimiter: PROPERTIES.delimiter.default,
    escape_method: PROPERTIES.escape_method.default,
  };
}

export function draftFromFeed(feed: StoredFeed): FeedDraft {
  return {
    name: feed.name,
    organisation: feed.organisation?.id ?? null,
    active: feed.active,
    timeslot: feed.timeslot,
    show_empty_stock: feed.show_empty_stock,
    delivery_method: feed.delivery_method,
    delivery_email: feed.delivery_email ?? '',
    delivery_server: feed.delivery_server ?? '',
    delivery_user: feed.delivery_user ?? '',
    delivery_password: '',
    ftp_server_protocol: feed.ftp_server_protocol,
    ftp_server_port: feed.ftp_server_port,
    filename: feed.filename ?? '',
    sitc_confirm: feed.sitc_confirm,
    sitc_filename: feed.sitc_filename ?? '',
    columns: [...feed.columns],
    show_headers: feed.show_headers,
    delimiter: feed.delimiter,
    escape_method: feed.escape_method,
  };
}

/** Who is editing and what the page knows around the feed. */
export interface DraftContext {
  /** Admin and root: the SITC filename is theirs to give (002 §4); others' is removed. */
  namesSitcFile: boolean;
  /** The feed being edited, or undefined for a new one. */
  stored?: StoredFeed;
  organisations: readonly FeedOrganisation[];
  /** The names of the other feeds of the chosen organisation, lower-cased (002 §5 feed_invalid_name). */
  siblingNames: ReadonlySet<string>;
}

const organisationName = (context: DraftContext, id: number | null) =>
  context.organisations.find((organisation) => organisation.id === id)?.name;

/**
 * 002 §4: choosing SITC fills the SITC filename from the organisation's name (a new feed's for
 * everyone, as the delivery will name it; an existing one's for root admins, who edit it) when
 * none is given yet or it is still another organisation's name.
 */
function withSitcFilename(draft: FeedDraft, context: DraftContext, before: FeedDraft): FeedDraft {
  if (draft.delivery_method !== 'SITC' || (context.stored && !context.namesSitcFile)) return draft;
  const name = organisationName(context, draft.organisation);
  if (name === undefined) return draft;
  const previous = organisationName(context, before.organisation);
  const derived = draft.sitc_filename === '' || (previous !== undefined && draft.sitc_filename === sitcFilenameFor(previous));
  return derived ? { ...draft, sitc_filename: sitcFilenameFor(name) } : draft;
}

/**
 * One field changed, and what follows from it: the port follows the protocol unless the user
 * typed their own (002 §4), the SITC filename the organisation and the method, and a confirmed
 * SITC readiness, once saved, stays (002 §4 "locked on reload").
 */
export function changeDraft<Field extends keyof FeedDraft>(
  draft: FeedDraft,
  field: Field,
  value: FeedDraft[Field],
  context: DraftContext,
): FeedDraft {
  if (field === 'sitc_confirm' && context.stored?.sitc_confirm) return draft;
  const next: FeedDraft = { ...draft, [field]: value };
  if (field === 'ftp_server_protocol')
    next.ftp_server_port = portAfterProtocolChange(draft.ftp_server_port, draft.ftp_server_protocol, value as FtpProtocol);
  return field === 'delivery_method' || field === 'organisation' ? withSitcFilename(next, context, draft) : next;
}

/** The columns with one added at the end (SKU is not among them: it is always first). */
export function addColumn(columns: readonly FeedColumn[], column: FeedColumn): FeedColumn[] {
  return columns.includes(column) ? [...columns] : [...columns, column];
}

export function removeColumn(columns: readonly FeedColumn[], column: FeedColumn): FeedColumn[] {
  return columns.filter((candidate) => candidate !== column);
}

/** The columns with the one at `index` moved one place up (-1) or down (+1), when it can be. */
export function moveColumn(columns: readonly FeedColumn[], index: number, by: -1 | 1): FeedColumn[] {
  const target = index + by;
  if (index < 0 || index >= columns.length || target < 0 || target >= columns.length) return [...columns];
  const moved = [...columns];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

export type DraftField = keyof FeedDraft;

/** What is wrong with a field, as a catalogue message key (with its values). */
export interface FieldProblem {
  key: MessageKey;
  values?: Record<string, string>;
}

const tooLong = (
  value: string,
  field: 'name' | 'delivery_email' | 'delivery_server' | 'delivery_user' | 'delivery_password' | 'filename' | 'sitc_filename',
) => value.length > PROPERTIES[field].maxLength;

/** Whether a password is typed now or stored already. */
function hasPassword(draft: FeedDraft, context: DraftContext): boolean {
  return draft.delivery_password.trim() !== '' || context.stored?.delivery_password_set === true;
}

/**
 * Every problem of the draft as typed, by field (002 §5): required name and organisation, a name
 * free in the organisation, an organisation with room (max_feeds_reached), a time slot, the
 * filename rules, the e-mail's shape, the port's range, the delivery settings the method needs
 * and the lengths of the API schema. Save waits until there are none; the server checks them all
 * again.
 */
export function draftProblems(draft: FeedDraft, context: DraftContext): Partial<Record<DraftField, FieldProblem>> {
  const problems: Partial<Record<DraftField, FieldProblem>> = {};
  const set = (field: DraftField, problem: FieldProblem) => {
    problems[field] ??= problem;
  };
  if (draft.name.trim() === '') set('name', { key: 'field_required' });
  else if (context.siblingNames.has(draft.name.trim().toLowerCase())) set('name', { key: 'feed_invalid_name' });
  if (draft.organisation === null) set('organisation', { key: 'field_required' });
  else if (organisationFull(draft.organisation, context)) set('organisation', { key: 'problem.max_feeds_reached' });
  for (const rule of feedRuleProblems(ruleValues(draft), { password: hasPassword(draft, context), namesSitcFile: context.namesSitcFile })) {
    if (rule.code === 'feed_delivery_incomplete') set(rule.field, { key: 'field_required' });
    else if (rule.field === 'timeslot' && draft.timeslot === null) set('timeslot', { key: 'field_required' });
    else set(rule.field, { key: `problem.${rule.code}` });
  }
  if (draft.delivery_method === 'EMAIL' && draft.delivery_email.trim() !== '' && !EMAIL_PATTERN.test(draft.delivery_email.trim()))
    set('delivery_email', { key: 'email_regex' });
  if (draft.delivery_method === 'FTP' && !portValid(draft.ftp_server_port)) set('ftp_server_port', { key: 'feeds.port_invalid' });
  for (const field of [
    'name',
    'delivery_email',
    'delivery_server',
    'delivery_user',
    'delivery_password',
    'filename',
    'sitc_filename',
  ] as const) {
    if (tooLong(draft[field], field)) set(field, { key: 'field_too_long', values: { max: String(PROPERTIES[field].maxLength) } });
  }
  return problems;
}

function ruleValues(draft: FeedDraft) {
  return {
    timeslot: draft.timeslot,
    delivery_method: draft.delivery_method,
    filename: draft.filename,
    delivery_email: draft.delivery_email,
    delivery_server: draft.delivery_server,
    delivery_user: draft.delivery_user,
    sitc_filename: draft.sitc_filename,
  };
}

/**
 * 002 §5: an organisation that already has ten feeds takes no more; the feed's own organisation
 * (as saved) counts it among them, so it stays open to the feed itself.
 */
export function organisationFull(id: number, context: Pick<DraftContext, 'organisations' | 'stored'>): boolean {
  const organisation = context.organisations.find((candidate) => candidate.id === id);
  if (!organisation) return false;
  const own = context.stored?.organisation?.id === id ? 1 : 0;
  return organisation.feed_count - own >= MAX_FEEDS_PER_ORGANISATION;
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * What Save sends (POST /feeds, or PUT /feeds/{id} with the whole feed, 002 §7): text left empty
 * as null; the password only when one is typed (left out, the stored one is kept); the SITC
 * filename only from admin-root users (002 §4: removed for everyone else).
 */
export function feedBody(draft: FeedDraft, context: Pick<DraftContext, 'namesSitcFile'>): Record<string, unknown> {
  const { delivery_password: password, sitc_filename: sitcFilename, ...rest } = draft;
  return {
    ...rest,
    delivery_email: orNull(rest.delivery_email),
    delivery_server: orNull(rest.delivery_server),
    delivery_user: orNull(rest.delivery_user),
    filename: orNull(rest.filename),
    ...(password.trim() !== '' && { delivery_password: password }),
    ...(context.namesSitcFile && { sitc_filename: orNull(sitcFilename) }),
  };
}
