import { describe, expect, it } from 'vitest';
import { titleValues } from './recordTitle';

describe('titleValues', () => {
  const byName = { name: { field: 'name', fallback: 'id' } };

  it('fills a placeholder from its property, or from the fallback when the property is null', () => {
    expect(titleValues(byName, { id: 2, name: 'Meeting room refresh' })).toEqual({ name: 'Meeting room refresh' });
    expect(titleValues(byName, { id: 2, name: null })).toEqual({ name: '2' });
  });

  it('leaves a placeholder empty when neither property has a value to show', () => {
    expect(titleValues({ name: { field: 'name' } }, { id: 2, name: null })).toEqual({ name: '' });
    expect(titleValues(byName, { id: { nested: true }, name: null })).toEqual({ name: '' });
  });
});
