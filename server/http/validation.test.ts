import { describe, expect, it } from 'vitest';
import { operations } from '../generated/operations';
import { compileValidators } from './validation';

// The API router compiles an operation's validators on its first request (start-up stays short):
// a schema Ajv cannot compile must fail here, not on some caller's first request.
describe('request validators', () => {
  it.each(operations.map((operation) => [operation.id, operation] as const))('%s: parameters, query and body compile', (_id, operation) => {
    const validators = compileValidators(operation);
    expect(typeof validators.params).toBe('function');
    expect(typeof validators.query).toBe('function');
    expect(validators.body === undefined ? !operation.bodySchema : typeof validators.body === 'function').toBe(true);
  });
});
