import { describe, expect, it } from 'vitest';
import { matchesSoRegex } from './soRegex';

describe('so_regex (001 §5)', () => {
  it('takes two of S and O in either case at the start, and lets an empty or one-letter value pass', () => {
    for (const ref of ['SO700001', 'os1', 'SS', 'oO-2', '', 'x']) expect(matchesSoRegex(ref), ref).toBe(true);
  });
  it('refuses anything else', () => {
    for (const ref of ['SX1', 'PO-1', '1SO', ' SO1', 'S1']) expect(matchesSoRegex(ref), ref).toBe(false);
  });
});
