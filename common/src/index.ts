export * from './user-types.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './navigation.ts';
export * from './list.ts';
export * from './system.ts';
export * from './ticket-rules.ts';
export * from './tickets.ts';
