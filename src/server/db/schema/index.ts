export * from './accounts.ts';
export * from './auth.ts';
export * from './events.ts';
export * from './mail.ts';
export * from './payments.ts';
export * from './privacy.ts';
export * from './programme.ts';
export * from './registrations.ts';
