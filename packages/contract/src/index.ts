export * from './constants.ts';
export * from './plans.ts';
export * from './languages.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './auth.ts';
