// What other features use of accounts (decision record 015); the rest is its own.
export { useSession } from './api/session.ts';
