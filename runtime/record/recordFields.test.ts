import { describe, expect, it } from 'vitest';
import type { CellContext } from '../list/cellFormat';
import { describeValue, humanise, resolveSchema, type Definitions, type JsonSchema } from './recordFields';

const money: JsonSchema = { type: ['string', 'null'], pattern: '^-?[0-9]{1,15}(\\.[0-9]{1,4})?$', 'x-format': 'money' };
const decimal: JsonSchema = { type: ['string', 'null'], pattern: '^-?[0-9]{1,15}(\\.[0-9]{1,4})?$' };
const definitions: Definitions = {
  OrganisationRef: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  Line: { type: 'object', properties: { sku: { type: 'string' }, price: money, weight: decimal } },
  Address: { type: 'object', properties: { city: { type: 'string' } } },
  Order: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      total: money,
      currency: { type: 'string', enum: ['GBP', 'EUR'] },
      status: { type: 'string', enum: ['OPEN', 'SHIPPED'], 'x-enum': 'order_status' },
      address: { $ref: '#/definitions/Address' },
      date: { type: 'string', format: 'date' },
      created_at: { type: 'string', format: 'date-time' },
      paid: { type: 'boolean' },
      organisation: { anyOf: [{ $ref: '#/definitions/OrganisationRef' }, { type: 'null' }] },
      lines: { type: 'array', items: { $ref: '#/definitions/Line' } },
      tags: { type: 'array', items: { type: 'string' } },
      note: { type: ['string', 'null'] },
    },
  },
};
const messages: Record<string, string> = {
  'list.yes': 'Yes',
  'list.no': 'No',
  'order_status.OPEN': 'Open',
  'module.WEBSTORE': 'Webstore',
  'module.DOVETAIL': 'Dovetail',
};
const context: CellContext = { currency: 'GBP', timezone: 'Europe/London', message: (key) => messages[key] ?? null };

describe('resolveSchema', () => {
  it('follows references and nullable unions', () => {
    expect(resolveSchema({ anyOf: [{ $ref: '#/definitions/Line' }, { type: 'null' }] }, definitions)).toBe(definitions.Line);
    expect(resolveSchema({ $ref: '#/definitions/Missing' }, definitions)).toEqual({});
  });
});

describe('describeValue', () => {
  it("names a reference, with a link to its entity's page when the schema has one", () => {
    const linked: Definitions = { ...definitions, OrganisationRef: { ...definitions.OrganisationRef, 'x-route': 'organisation' } };
    expect(describeValue({ $ref: '#/definitions/OrganisationRef' }, { id: 3, name: 'Acme' }, linked, context)).toEqual({
      kind: 'text',
      text: 'Acme',
      link: { route: 'organisation', id: 3 },
    });
    expect(describeValue({ $ref: '#/definitions/OrganisationRef' }, { id: 3, name: 'Acme' }, definitions, context)).toEqual({
      kind: 'text',
      text: 'Acme',
    });
  });

  const order = {
    name: 'SO-1',
    total: '1200.5',
    currency: 'EUR',
    status: 'OPEN',
    address: { city: 'Leeds' },
    date: '2026-03-02',
    created_at: '2026-07-01T23:30:00Z',
    paid: true,
    organisation: { id: 3, name: 'Acme' },
    lines: [{ sku: 'CAM-1', price: '99.999', weight: '1.5' }],
    tags: ['a', 'b'],
    note: null,
  };

  it('formats each field of a record, money in the record currency', () => {
    const described = describeValue({ $ref: '#/definitions/Order' }, order, definitions, context);
    expect(described.kind).toBe('object');
    if (described.kind !== 'object') return;
    const text = Object.fromEntries(
      described.entries.map((entry) => [entry.label, entry.value.kind === 'text' ? entry.value.text : entry.value.kind]),
    );
    expect(text).toEqual({
      Name: 'SO-1',
      Total: '€1,200.50',
      Currency: 'EUR',
      Status: 'Open',
      Address: 'object',
      Date: '2nd Mar 2026',
      'Created at': '2nd Jul 2026, 00:30',
      Paid: 'Yes',
      Organisation: 'Acme',
      Lines: 'table',
      Tags: 'list',
      Note: '—',
    });
  });

  it('shows arrays of objects as a table with a column per property', () => {
    const described = describeValue({ $ref: '#/definitions/Order' }, order, definitions, context);
    if (described.kind !== 'object') throw new Error('expected an object');
    const lines = described.entries.find((entry) => entry.name === 'lines')!.value;
    expect(lines).toEqual({
      kind: 'table',
      columns: [
        { name: 'sku', label: 'Sku' },
        { name: 'price', label: 'Price' },
        { name: 'weight', label: 'Weight' },
      ],
      rows: [
        [
          { kind: 'text', text: 'CAM-1' },
          { kind: 'text', text: '€100.00' },
          { kind: 'text', text: '1.5' },
        ],
      ],
    });
  });
});

describe('enum lists', () => {
  it('labels each value of an enum list by the hint on the array', () => {
    const modules = { type: 'array', items: { type: 'string', enum: ['WEBSTORE', 'DOVETAIL'] }, 'x-enum': 'module' } as JsonSchema;
    expect(describeValue(modules, ['WEBSTORE', 'DOVETAIL'], definitions, context)).toEqual({
      kind: 'list',
      items: [
        { kind: 'text', text: 'Webstore' },
        { kind: 'text', text: 'Dovetail' },
      ],
    });
  });
});

describe('humanise', () => {
  it('turns a property name into a label', () => {
    expect(humanise('service_activation_date')).toBe('Service activation date');
  });
});
