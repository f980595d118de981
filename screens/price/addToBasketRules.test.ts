import { describe, expect, it } from 'vitest';
import { basketLabel, basketNameTaken, newBasketName, proceedBlock, type BasketChoice, type BasketPick } from './addToBasketRules';

const baskets: BasketChoice[] = [
  { id: 1, name: 'Meeting room refresh' },
  { id: 2, name: null },
];

describe('basketNameTaken', () => {
  it.each([
    ['Meeting room refresh', true],
    ['  MEETING ROOM REFRESH ', true],
    ['Meeting room', false],
    ['', false],
    ['2', false],
  ])('%j → %s', (name, expected) => {
    expect(basketNameTaken(name, baskets)).toBe(expected);
  });
});

describe('newBasketName', () => {
  it('takes the typed name trimmed, else the default, and at most 255 characters', () => {
    expect(newBasketName('  Spring  ', 'New basket 1st Jan')).toBe('Spring');
    expect(newBasketName('   ', 'New basket 1st Jan')).toBe('New basket 1st Jan');
    expect(newBasketName('x'.repeat(300), 'd')).toHaveLength(255);
  });
});

describe('proceedBlock', () => {
  const none: BasketPick = { kind: 'none' };
  const existing: BasketPick = { kind: 'existing', id: 1 };
  const fresh: BasketPick = { kind: 'new' };
  it.each([
    ['nothing chosen', none, false, null, '', 'no_basket'],
    ['maintenance offered, none chosen', existing, true, null, '', 'maintenance_required'],
    ['maintenance chosen', existing, true, 5, '', null],
    ['a new basket named like an open one', fresh, false, null, 'meeting room refresh', 'basket_name_exist'],
    ['a new basket with a new name', fresh, false, null, 'Spring', null],
    ['an existing basket ignores the typed name', existing, false, null, 'Meeting room refresh', null],
  ] as const)('%s', (_label, pick, maintenanceOffered, maintenanceId, newName, expected) => {
    expect(proceedBlock({ pick, maintenanceOffered, maintenanceId, newName, baskets })).toBe(expected);
  });
});

it('labels a basket by its name, else its id', () => {
  expect(basketLabel({ id: 7, name: null })).toBe('7');
  expect(basketLabel({ id: 7, name: 'Spring' })).toBe('Spring');
});
