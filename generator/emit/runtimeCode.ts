import type { Model, Property, Route, TypeRef } from '../model/types';
import { GENERATED_HEADER, literal } from './header';
import { enumValues, objectSchema, scalarSchema, withNull, type JsonSchema } from './jsonSchema';
import { listSort } from '../model/queryParameters';
import { writtenRecord } from './serverCode';

function routeEntry(model: Model, route: Route): string {
  const screen = route.screen ? model.screens.find((candidate) => candidate.name === route.screen) : undefined;
  const lines = [
    `name: ${literal(route.name)}`,
    `path: ${literal(route.path)}`,
    `public: ${route.public}`,
    ...(route.guard ? [`guard: ${JSON.stringify(route.guard)}`] : []),
    `breadcrumbs: ${JSON.stringify(route.breadcrumbs)}`,
    ...(route.redirect ? [`redirect: ${literal(route.redirect)}`] : []),
    ...(route.screen ? [`screen: ${literal(route.screen)}`] : []),
    ...(screen?.kind === 'component'
      ? [`Component: lazy(() => import('../../screens/${screen.file}').then((module) => ({ default: module.${screen.exportName} })))`]
      : []),
    ...(screen?.kind === 'list'
      ? [
          `Component: lazy(() => import('../list/GenericListScreen').then((module) => ({ default: () => <module.GenericListScreen name=${literal(screen.name)} /> })))`,
        ]
      : []),
    ...(screen?.kind === 'record'
      ? [
          `Component: lazy(() => import('../record/GenericRecordScreen').then((module) => ({ default: () => <module.GenericRecordScreen name=${literal(screen.name)} /> })))`,
        ]
      : []),
    ...(screen?.kind === 'children'
      ? [
          `Component: lazy(() => import('../record/GenericChildrenScreen').then((module) => ({ default: () => <module.GenericChildrenScreen name=${literal(screen.name)} /> })))`,
        ]
      : []),
    // A form creates: a new record, or (on a route with :id) one prefilled from the record it names.
    ...(screen?.kind === 'form' && screen.create
      ? [
          `Component: lazy(() => import('../form/GenericCreateScreen').then((module) => ({ default: () => <module.GenericCreateScreen name=${literal(screen.name)} /> })))`,
        ]
      : []),
    ...(screen?.kind === 'page'
      ? [
          `Component: lazy(() => import('../list/GenericPageScreen').then((module) => ({ default: () => <module.GenericPageScreen name=${literal(screen.name)} /> })))`,
        ]
      : []),
  ];
  return `  {\n${lines.map((line) => `    ${line},`).join('\n')}\n  }`;
}

/** runtime/generated/registry.tsx: the route table with guards, crumbs and lazily imported screens. */
export function emitRegistry(model: Model): string {
  return [
    GENERATED_HEADER,
    `import { lazy } from 'react';`,
    `import type { RouteDef } from '../routing/routeTypes';`,
    '',
    `export const routes: RouteDef[] = [`,
    model.routes.map((route) => routeEntry(model, route)).join(',\n'),
    `];`,
    '',
    `export const permissionNames = ${literal(model.permissions.map((permission) => permission.name))} as const;`,
    '',
  ].join('\n');
}

/**
 * runtime/generated/menu.ts: the header menu. A route entry carries only its route's name: the
 * runtime reads the path and guard from the registry, so menu and routes cannot disagree.
 */
export function emitMenu(model: Model): string {
  return [
    GENERATED_HEADER,
    `import type { MenuItemDef } from '../layout/menuTypes';`,
    '',
    `export const menu: readonly MenuItemDef[] = ${literal(model.menu)};`,
    '',
  ].join('\n');
}

/**
 * runtime/generated/messages.ts: the English catalogue (every key's type and the fallback), the
 * locales with their names in their own language, and a loader per other locale. The other
 * catalogues are lazy chunks (runtime/generated/messages/<locale>.ts): the store's first load
 * carries one language, not six (issue 19's 200 KB budget).
 */
export function emitMessages(model: Model): string {
  const english = model.messages['en'] ?? {};
  const locales = Object.keys(model.messages).sort();
  const others = locales.filter((locale) => locale !== 'en');
  return [
    GENERATED_HEADER,
    `export const english = ${literal(english)} as const;`,
    '',
    `export type MessageKey = keyof typeof english;`,
    `export const LOCALES = ${JSON.stringify(locales)} as const;`,
    `export type Locale = (typeof LOCALES)[number];`,
    `export type Catalogue = Readonly<Record<MessageKey, string>>;`,
    '',
    `/** Each locale's name in its own language, for the language switch. */`,
    `export const localeNames: Readonly<Record<Locale, string>> = ${literal(Object.fromEntries(locales.map((locale) => [locale, model.messages[locale]?.[`locale.${locale}`] ?? locale])))};`,
    '',
    `/** The catalogue of each locale but English, loaded when a user first needs it. */`,
    `export const loadCatalogue: Readonly<Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>>> = {`,
    ...others.map((locale) => `  ${locale}: () => import('./messages/${locale}').then((module) => module.catalogue),`),
    `};`,
    '',
    `export const messageKeys = Object.keys(english) as MessageKey[];`,
    `// ${Object.keys(english).length} keys in the English catalogue.`,
    '',
  ].join('\n');
}

/** runtime/generated/messages/<locale>.ts: one locale's catalogue, typed complete against English. */
export function emitLocaleCatalogues(model: Model): [string, string][] {
  return Object.keys(model.messages)
    .filter((locale) => locale !== 'en')
    .sort()
    .map((locale) => [
      `runtime/generated/messages/${locale}.ts`,
      [
        GENERATED_HEADER,
        `import type { Catalogue } from '../messages';`,
        '',
        `export const catalogue: Catalogue = ${literal(model.messages[locale])};`,
        '',
      ].join('\n'),
    ]);
}

/** The path of the get that gives a write's record its ETag (server/http/writeRequest.ts compares If-Match with it). */
function taggedBy(model: Model, operationId: string): { etagFrom?: string } {
  const record = writtenRecord(
    model,
    model.operations.find((candidate) => candidate.id === operationId)!,
  );
  const get = record && model.operations.find((candidate) => candidate.id === record.get);
  return get ? { etagFrom: get.path } : {};
}

/** runtime/generated/forms.ts: rjsf JSON schema and uiSchema of each form screen. */
export function emitForms(model: Model): string {
  const forms: Record<string, JsonSchema> = {};
  for (const screen of model.screens) {
    if (screen.kind !== 'form') continue;
    const entity = model.entities.find((candidate) => candidate.name === screen.entity)!;
    const fields = screen.fields.map((name) => entity.fields.find((field) => field.name === name)!);
    const properties: Record<string, JsonSchema> = {};
    const enums: Record<string, (string | number)[]> = {};
    const uiSchema: JsonSchema = { 'ui:order': screen.fields };
    for (const field of fields) {
      const base = { title: `${screen.labels}.${field.name}`, ...scalarSchema(model, field) };
      // A field the form requires takes no null, whatever the entity allows.
      const nullable = field.nullable && !screen.required.includes(field.name);
      properties[field.name] = nullable ? withNull(base) : base;
      if (field.default !== undefined) properties[field.name]!['default'] = field.default;
      if (field.enumName) {
        const values = enumValues(model, field.enumName);
        enums[field.name] = values;
        // Each choice is labelled by its `<enum>.<VALUE>` message (the runtime puts in the words);
        // an optional enum starts on its labelled empty choice rather than on a blank one.
        uiSchema[field.name] = {
          'ui:enumNames': Object.fromEntries(values.map((value) => [String(value), `${field.enumName}.${String(value)}`])),
        };
        if (nullable && field.default === undefined && field.type === 'enum') properties[field.name]!['default'] = null;
      }
    }
    for (const [fieldName, { widget, options }] of Object.entries(screen.widgets)) {
      uiSchema[fieldName] = {
        ...(uiSchema[fieldName] as JsonSchema | undefined),
        'ui:widget': widget,
        ...(options && { 'ui:options': options }),
      };
    }
    // A form saving through the API knows its paths: POST to create (then the new record's
    // route), PUT to update; `prefill` (and the `prefillFrom` record) give a new record's first
    // values; `guards` hide fields from users who may not set them.
    const path = (id: string) => model.operations.find((candidate) => candidate.id === id)!.path;
    forms[screen.name] = {
      schema: {
        type: 'object',
        required: fields.filter((field) => field.required || screen.required.includes(field.name)).map((field) => field.name),
        properties,
      },
      uiSchema,
      enums,
      ...(screen.title && { title: screen.title }),
      ...(screen.create && { create: { path: path(screen.create.operation), route: screen.create.route } }),
      // The get whose ETag the update's If-Match is compared with (it may not be the one the form loads).
      ...(screen.update && { update: { path: path(screen.update), ...taggedBy(model, screen.update) } }),
      ...(Object.keys(screen.clears).length > 0 && { clears: screen.clears }),
      ...(Object.keys(screen.prefill).length > 0 && { prefill: screen.prefill }),
      ...(screen.prefillFrom && { prefillFrom: { path: path(screen.prefillFrom) } }),
      ...(Object.keys(screen.guards).length > 0 && { guards: screen.guards }),
      ...(screen.success && { success: screen.success }),
      ...(screen.failure && { failure: screen.failure }),
    };
  }
  return [GENERATED_HEADER, `export const forms = ${literal(forms)} as const;`, '', `export type FormName = keyof typeof forms;`, ''].join(
    '\n',
  );
}

/** Every schema a schema reaches through its properties, itself included. */
function reachableSchemas(model: Model, name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const visit = (type: TypeRef) => {
    if (type.kind === 'schema') reachableSchemas(model, type.name, seen);
    if (type.kind === 'array') visit(type.items);
  };
  for (const property of model.schemas.find((candidate) => candidate.name === name)?.properties ?? []) visit(property.type);
  return seen;
}

/** runtime/generated/screens.ts: the configuration of list and record screens. */
/**
 * The schema of a record screen: the API schema plus the display hints the runtime reads,
 * `x-enum` (the enum whose `<enum>.<VALUE>` messages label the values), `x-format: money`
 * (money, not other decimals, is shown in the record's currency) and `x-route` (the page of the
 * schema's entity, where a reference to it links).
 */
/**
 * A record shows each property under its label from the catalogue (no machine-made label on a
 * record screen): its entity's own (`labels` namespaces, as the audit tab), else the shared
 * `fields.<name>`; a property with none keeps its name, which the runtime makes readable.
 */
function labelOf(model: Model, entityName: string | undefined, name: string): string | undefined {
  const english = model.messages['en'] ?? {};
  const entity = model.entities.find((candidate) => candidate.name === entityName);
  return [...(entity?.labels ?? []), 'fields'].map((namespace) => `${namespace}.${name}`).find((key) => english[key] !== undefined);
}

function displaySchema(model: Model, properties: Property[], schemaRef: (name: string) => string, entity?: string): JsonSchema {
  const schema = objectSchema(model, properties, schemaRef, false);
  // A record of an entity with a page of its own (a route named as the entity, taking :id): a
  // reference to it links there, for viewers who may open it (runtime/record/ReferenceLink.tsx).
  if (entity && model.routes.some((route) => route.name === entity && route.path.includes(':id'))) schema['x-route'] = entity;
  const shown = schema.properties as Record<string, JsonSchema>;
  for (const property of properties) {
    const label = property.name === 'id' ? undefined : labelOf(model, entity, property.name);
    if (label && shown[property.name]) shown[property.name]!['title'] = label;
    const { type } = property;
    const scalar =
      type.kind === 'scalar' ? type.scalar : type.kind === 'array' && type.items.kind === 'scalar' ? type.items.scalar : undefined;
    const target = shown[property.name];
    if (!scalar || !target) continue;
    if (scalar.enumName) target['x-enum'] = scalar.enumName;
    if (scalar.type === 'money') target['x-format'] = 'money';
  }
  return schema;
}

export function emitScreens(model: Model): string {
  const localRef = (name: string) => `#/definitions/${name}`;
  const listScreens: Record<string, unknown> = {};
  const recordScreens: Record<string, unknown> = {};
  const pageScreens: Record<string, unknown> = {};
  const childrenScreens: Record<string, unknown> = {};
  for (const screen of model.screens) {
    if (screen.kind === 'list') {
      const operation = model.operations.find((candidate) => candidate.id === screen.operation)!;
      const { kind: _kind, name: _name, operation: _operation, actions, ...config } = screen;
      listScreens[screen.name] = {
        path: operation.path,
        defaultSort: listSort(operation).defaultSort,
        ...config,
        ...(actions.length > 0 && { actions }),
      };
    } else if (screen.kind === 'page') {
      pageScreens[screen.name] = { ...(screen.title && { title: screen.title }), sections: screen.sections };
    } else if (screen.kind === 'record') {
      const operation = model.operations.find((candidate) => candidate.id === screen.operation)!;
      const root = (operation.response as { name: string }).name;
      const definitions = Object.fromEntries(
        [...reachableSchemas(model, root)].sort().map((name) => {
          const schema = model.schemas.find((s) => s.name === name)!;
          return [name, displaySchema(model, schema.properties, localRef, schema.entity)];
        }),
      );
      // Each tab is a child list of the record, fetched from its own path when opened, or a
      // hand-written component (the slot registry's `file#Export`).
      const tabs = screen.tabs.map((tab) => {
        const list = tab.operation === undefined ? undefined : model.operations.find((candidate) => candidate.id === tab.operation)!;
        return {
          ...(list ? { path: list.path } : { component: tab.component }),
          label: tab.label,
          columns: tab.columns,
          ...(tab.empty && { empty: tab.empty }),
          ...(list?.paged && { perPage: list.paged.perPageDefault }),
          ...(tab.guard && { guard: tab.guard }),
          ...(tab.when && { when: tab.when }),
          ...(tab.actions.length > 0 && { actions: tab.actions }),
          ...(tab.success && { success: tab.success }),
          ...(tab.failure && { failure: tab.failure }),
        };
      });
      recordScreens[screen.name] = {
        path: operation.path,
        ...(screen.title && { title: screen.title }),
        ...(screen.titleValues && { titleValues: screen.titleValues }),
        schema: { $ref: localRef(root), definitions },
        tabs,
        links: screen.links,
        ...(screen.edit && { edit: screen.edit }),
        ...(screen.view && { view: screen.view }),
        ...(screen.viewTabs && { viewTabs: true }),
        ...(screen.actions.length > 0 && { actions: screen.actions }),
      };
    } else if (screen.kind === 'children') {
      // The same shape as a record's tab, so the runtime draws it with the tab's table.
      const list = model.operations.find((candidate) => candidate.id === screen.operation)!;
      childrenScreens[screen.name] = {
        ...(screen.title && { title: screen.title }),
        list: {
          path: list.path,
          label: screen.title ?? '',
          columns: screen.columns,
          ...(screen.empty && { empty: screen.empty }),
          ...(list.paged && { perPage: list.paged.perPageDefault }),
        },
        links: screen.links,
      };
    }
  }
  return [
    GENERATED_HEADER,
    `export const listScreens = ${literal(listScreens)} as const;`,
    '',
    `export const recordScreens = ${literal(recordScreens)} as const;`,
    '',
    `export const pageScreens = ${literal(pageScreens)} as const;`,
    '',
    `export const childrenScreens = ${literal(childrenScreens)} as const;`,
    '',
    `export type ListScreenName = keyof typeof listScreens;`,
    `export type RecordScreenName = keyof typeof recordScreens;`,
    `export type PageScreenName = keyof typeof pageScreens;`,
    `export type ChildrenScreenName = keyof typeof childrenScreens;`,
    '',
  ].join('\n');
}
