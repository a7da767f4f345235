export * from './errors.ts';
export * from './money.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './admin.ts';
export * from './offers.ts';
export * from './rewards.ts';
export * from './withdrawals.ts';
