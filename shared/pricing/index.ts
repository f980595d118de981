/**
 * The pricing rules shared by the server (which recomputes every figure and trusts none it is
 * sent) and the screens (which show the same figures before sending). Pure functions over exact
 * decimals (decimal.js), no I/O: see docs/buying.md "Pricing".
 */
export * from './types';
export * from './money';
export * from './ratePlans';
export * from './quantity';
export * from './lines';
export * from './basketTotals';
