import type { ActionConfig, ToggleConfig } from '../actions/actionTypes';
import type { Guard } from '../session/guard';
import { listScreens, type ListScreenName } from '../generated/screens';

/** The shape of one generated list screen (runtime/generated/screens.ts), widened from its literal type. */
export type ColumnFormat = 'text' | 'money' | 'date' | 'datetime' | 'enum' | 'boolean';

/** A bound of an integer row property: above `gt` (a count above zero). */
export interface Comparison {
  readonly gt: number;
}

/** Row properties and what each must be: a value it equals, or bounds. */
export type RowCondition = Readonly<Record<string, string | number | boolean | null | Comparison | readonly (string | number | null)[]>>;

/** A label (message key) that applies when the row meets `when`. */
export interface RowCase {
  readonly when: RowCondition;
  readonly label: string;
}

export interface GenericColumn {
  readonly field: string;
  readonly label: string;
  readonly format: ColumnFormat;
  readonly sortable: boolean;
  /** Route name; the cell links to it with `{ id: row[linkParam ?? 'id'] }`. */
  readonly link?: string;
  readonly linkParam?: string;
  /** Enum of an enum column: values show as their `<enum>.<VALUE>` message when it exists. */
  readonly enum?: string;
  /** Row property shown instead when the field is null (a basket's id when it has no name). */
  readonly fallback?: string;
  /** A money column in this fixed currency, whatever the row's or the user's. */
  readonly currency?: string;
  /** A computed column (`field` is then its name): the labels of the matching cases, or `otherwise`. */
  readonly cases?: readonly RowCase[];
  readonly otherwise?: string;
  /** A warning icon whose tooltip joins the labels of the matching warnings. */
  readonly warnings?: readonly RowCase[];
  /** Only users the guard passes see the column (a row action for admins, 002 §2.7). */
  readonly guard?: LinkGuard;
  /** A hand-written cell (`file#Export`, runtime/generated/slots.tsx) given the row. */
  readonly component?: string;
  /** A record tab's checkbox over the boolean `field`. */
  readonly toggle?: ToggleConfig;
}

export type FilterWidget = 'text' | 'checklist' | 'select' | 'organisation' | 'date_range' | 'value_range' | 'number_range';

export interface GenericFilter {
  /** Query parameters: one, or two (lower, upper) for the range widgets. */
  readonly params: readonly string[];
  readonly widget: FilterWidget;
  readonly label: string;
  readonly options?: readonly (string | number)[];
  readonly enum?: string;
  readonly default?: unknown;
  /** Who sees the filter; the server scopes the rows whatever the filters. */
  readonly guard?: LinkGuard;
  /** Organisation filters: only organisations below the user's own. */
  readonly descendants?: boolean;
  /** URL query flag → the filter's starting value when the page opens with that flag. */
  readonly presets?: Readonly<Record<string, unknown>>;
  /** Choices loaded from a list call (relative to /api/v1): each row's `value`, labelled by `label`. */
  readonly optionsFrom?: { readonly path: string; readonly perPage: number; readonly value: string; readonly label: string };
  /** A choice filter: its value is kept under `name`, and each option sets these query parameters. */
  readonly name?: string;
  readonly choices?: Readonly<Record<string, Readonly<Record<string, string | number | boolean>>>>;
  /** Organisation widget: organisation picker query parameters that narrow its choices. */
  readonly where?: Readonly<Record<string, string | number | boolean>>;
  /** Organisation widget over [organisation, flag]: the message key of the option setting the flag. */
  readonly others?: string;
}

export type LinkGuard = Guard;

/** A link to a named route, or (`href`) a full-page link to a path the server answers (a download). */
export interface GenericLink {
  readonly label: string;
  readonly route?: string;
  /** `{id}` stands for the record's id on record and child-list screens. */
  readonly href?: string;
  readonly place: 'header' | 'footer' | 'both';
  readonly guard?: LinkGuard;
  /** Shown only when the list holds at least this many rows (002 §2.10's second add-feed link). */
  readonly minRows?: number;
}

export interface GenericListConfig {
  /** The screen's name in the spec: a user's column layout is kept under it (issue 19). */
  readonly name?: string;
  /** The list call, relative to /api/v1. */
  readonly path: string;
  readonly defaultSort?: string;
  readonly title?: string;
  readonly columns: readonly GenericColumn[];
  readonly filters: readonly GenericFilter[];
  readonly debounceMs: number;
  readonly pageSizes: readonly number[];
  readonly emptyKey?: string;
  /** Row property holding an OrganisationRef: rows are grouped under their organisation. */
  readonly tree?: string;
  /** With `tree`: the ancestors of the organisations with rows are shown too (from the organisations list). */
  readonly treeAncestors?: boolean;
  /** The rows form the tree themselves: each is nested under the row whose id is this property. */
  readonly treeParent?: string;
  /** Each row is followed by the rows this function (`file#Export`, runtime/generated/slots.tsx) makes of it. */
  readonly detailRows?: string;
  readonly links: readonly GenericLink[];
  /** Actions of each row, drawn in a last column. */
  readonly actions?: readonly ActionConfig[];
  /** Row checkboxes with select-all, and the component given the selected rows (`file#Export`). */
  readonly selection?: string;
}

const configs: Readonly<Record<string, GenericListConfig>> = listScreens;
/** Each screen's configuration with its name, made once: screens ask for it on every render. */
const named = new Map<string, GenericListConfig>();

/** The generated configuration of a list screen; throws for a name the generator did not emit. */
export function genericListConfig(name: ListScreenName | string): GenericListConfig {
  const config = Object.hasOwn(configs, name) ? configs[name] : undefined;
  if (!config) throw new Error(`Unknown list screen "${name}"`);
  let withName = named.get(name);
  if (!withName) named.set(name, (withName = { ...config, name }));
  return withName;
}
