import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from './scaled';

/** Decimal's way, the one scaled.ts takes for values that are not plain decimals: the fast way must answer the same. */
function toScaledByDecimal(value: string | number, scale: number): string {
  const scaled = new Decimal(value).times(new Decimal(10).pow(scale));
  if (!scaled.isInteger()) throw new RangeError('more places');
  return scaled.toFixed(0);
}
function fromScaledByDecimal(stored: string | number | bigint, scale: number): string {
  const fixed = new Decimal(stored.toString()).div(new Decimal(10).pow(scale)).toFixed(scale);
  if (scale <= 2) return fixed;
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

describe('toScaled', () => {
  it.each([
    ['12.5', 4, '125000'],
    ['-1.23450', 4, '-12345'],
    ['007.5', 4, '75000'],
    ['0', 4, '0'],
    ['-0.00', 4, '0'],
    ['12.3400000', 4, '123400'],
    ['900719925474.0991', 4, '9007199254740991'],
    ['3', 0, '3'],
    ['1.5', 2, '150'],
    // Not plain decimals: read by Decimal as before.
    ['1e3', 4, '10000000'],
    ['+3', 4, '30000'],
    ['.5', 4, '5000'],
    [0.1, 4, '1000'],
    [-0, 4, '0'],
  ])('%j at scale %i is %s', (value, scale, want) => {
    expect(toScaled(value, scale)).toBe(want);
  });

  it.each([
    ['1.234567', 4],
    ['-0.00001', 4],
    ['1.5', 0],
    ['1e-7', 4],
  ])('refuses %j at scale %i: more places than the scale', (value, scale) => {
    expect(() => toScaled(value, scale)).toThrow(RangeError);
  });

  it('refuses what is no number', () => {
    expect(() => toScaled(' 1')).toThrow();
    expect(() => toScaled('')).toThrow();
  });
});

describe('fromScaled', () => {
  it.each([
    [125000, 4, '12.50'],
    [5, 4, '0.0005'],
    [-5, 4, '-0.0005'],
    [123456, 4, '12.3456'],
    ['-123456789012345', 4, '-12345678901.2345'],
    [10n, 4, '0.001'],
    [0, 4, '0.00'],
    ['-0', 4, '0.00'],
    [-1, 2, '-0.01'],
    [123456, 2, '1234.56'],
    [123456, 0, '123456'],
    ['9007199254740991', 4, '900719925474.0991'],
  ])('%s at scale %i is %s', (stored, scale, want) => {
    expect(fromScaled(stored, scale)).toBe(want);
  });
});

describe('the same as Decimal, on random values', () => {
  // A fixed seed: a failure is repeated by running the test again.
  let seed = 20261130;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const digits = (most: number) => String(Math.floor(random() * 10 ** Math.ceil(random() * most)));

  it('scales plain decimals as Decimal does', () => {
    for (let index = 0; index < 5000; index++) {
      const scale = Math.floor(random() * 5);
      const value = `${random() < 0.3 ? '-' : ''}${digits(11)}${random() < 0.7 ? `.${'0'.repeat(Math.floor(random() * 3))}${digits(6)}` : ''}`;
      const want = (() => {
        try {
          return toScaledByDecimal(value, scale);
        } catch {
          return 'refused';
        }
      })();
      const got = (() => {
        try {
          return toScaled(value, scale);
        } catch {
          return 'refused';
        }
      })();
      expect(got, `${value} at scale ${scale}`).toBe(want);
    }
  });

  it('reads stored integers as Decimal does', () => {
    for (let index = 0; index < 5000; index++) {
      const scale = Math.floor(random() * 5);
      const magnitude = Number(digits(15));
      const stored = random() < 0.3 ? -magnitude : magnitude;
      const form = random();
      const value = form < 0.5 ? stored : form < 0.8 ? String(stored) : BigInt(stored);
      expect(fromScaled(value, scale), `${String(value)} at scale ${scale}`).toBe(fromScaledByDecimal(value, scale));
    }
  });
});
