import { describe, expect, it } from 'vitest';
import { modelErrorOf, modelOf, ORGANISATION_THINGS } from '../testing/fragments';

// Whose record an operation's {id} names (model/access.ts): derived for generic operations and
// for operations under a get's path, declared with `access:` for other hand-written ones.

const SPEC = [
  ORGANISATION_THINGS,
  '  listThingParts:',
  '    method: get',
  '    path: /things/{id}/parts',
  '    auth: session',
  '    response: { array: Thing }',
  '    handler: things/handlers#listThingParts',
  '',
].join('\n');

const handWritten = (record: string) =>
  [
    SPEC,
    '  getOther:',
    '    method: get',
    '    path: /others/{id}',
    '    auth: session',
    '    response: Thing',
    '    handler: things/handlers#getOther',
    ...(record ? [`    ${record}`] : []),
    '',
  ].join('\n');

describe('operation access', () => {
  it('derives a generic get’s record and gives an operation under its path the same', () => {
    const model = modelOf({ 'spec.yaml': SPEC });
    const byId = new Map(model.operations.map((operation) => [operation.id, operation]));
    expect(byId.get('getThing')?.access).toEqual({ entity: 'thing', scope: { kind: 'tree', field: 'organisation' } });
    expect(byId.get('listThingParts')?.access).toEqual({ entity: 'thing', of: ['getThing'] });
  });

  it('takes a declared record with its scope, shared records and conditions', () => {
    const model = modelOf({
      'spec.yaml': handWritten(
        'access: { entity: thing, scope: { own: organisation }, shared: { shared: true }, where: { status: [OPEN, SENT] } }',
      ),
    });
    expect(model.operations.find((operation) => operation.id === 'getOther')?.access).toEqual({
      entity: 'thing',
      scope: { kind: 'own', field: 'organisation' },
      shared: { shared: true },
      where: { status: ['OPEN', 'SENT'] },
    });
    const through = modelOf({ 'spec.yaml': handWritten('access: { of: getThing, where: { status: OPEN } }') });
    expect(through.operations.find((operation) => operation.id === 'getOther')?.access).toEqual({
      entity: 'thing',
      of: ['getThing'],
      where: { status: ['OPEN'] },
    });
  });

  it.each([
    ['{ own: organisation, root: tree }', { kind: 'own', field: 'organisation', rootReadsTree: true }],
    ['{ own: organisation }', { kind: 'own', field: 'organisation' }],
    ['{ tree: organisation }', { kind: 'tree', field: 'organisation' }],
  ])('reads scope %s', (scope, want) => {
    const model = modelOf({ 'spec.yaml': handWritten(`access: { entity: thing, scope: ${scope} }`) });
    expect(model.operations.find((operation) => operation.id === 'getOther')?.access).toEqual({ entity: 'thing', scope: want });
  });

  it.each([
    '{ tree: organisation, root: tree }',
    '{ root: tree }',
    '{ own: organisation, tree: organisation }',
    '{ own: organisation, root: own }',
  ])('refuses scope %s', (scope) => {
    expect(modelErrorOf({ 'spec.yaml': handWritten(`access: { entity: thing, scope: ${scope} }`) })).toMatch(/scope/);
  });

  it('refuses an {id} no rule covers, and declarations that do not hold', () => {
    expect(modelErrorOf({ 'spec.yaml': handWritten('') })).toMatch(/must say whose record it names \(access:\)/);
    expect(modelErrorOf({ 'spec.yaml': handWritten('access: { entity: nothing }') })).toMatch(/unknown entity "nothing"/);
    expect(modelErrorOf({ 'spec.yaml': handWritten('access: { entity: thing, scope: { tree: status } }') })).toMatch(
      /scope names a ref of "thing" to organisation/,
    );
    expect(modelErrorOf({ 'spec.yaml': handWritten('access: { entity: thing, where: { colour: red } }') })).toMatch(
      /entity "thing" has no field "colour"/,
    );
    expect(modelErrorOf({ 'spec.yaml': handWritten('access: { entity: thing, shared: { shared: true } }') })).toMatch(
      /shared records are an exception to a scope/,
    );
    expect(modelErrorOf({ 'spec.yaml': handWritten('access: { of: listThingParts }') })).toMatch(
      /"listThingParts" is not a get-by-id operation/,
    );
  });
});
