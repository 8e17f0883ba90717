// Factories with faker defaults: each inserts one row and returns it. Server tests, end-to-end
// tests and the demo seed build their data with these (STYLE.md §7): every test makes its own customer.
export * from './identity-factories.ts';
export * from './ticket-factories.ts';
export * from './billing-factories.ts';
export { createFaker, testFaker, insertMany, reserveIds } from './random.ts';
