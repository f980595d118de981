import { describe, expect, it } from 'vitest';
import { mayOpenReference } from './referenceScope';

describe('a reference links only where its viewer may open it', () => {
  it("links a root user's references, whatever they point at", () => {
    expect(mayOpenReference('organisation', 1, true, null)).toBe(true);
    expect(mayOpenReference('user', 9, true, null)).toBe(true);
  });
  it("links another user's organisation references within their tree only", () => {
    const tree = new Set([2, 3, 4, 7]);
    expect(mayOpenReference('organisation', 3, false, tree)).toBe(true);
    expect(mayOpenReference('organisation', 1, false, tree)).toBe(false);
    expect(mayOpenReference('organisation', 3, false, null)).toBe(false);
  });
  it("leaves a non-root user's other references as names", () => {
    expect(mayOpenReference('user', 3, false, new Set([2, 3]))).toBe(false);
  });
});
