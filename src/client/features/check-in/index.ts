// What other features use of check-in (decision record 015); the rest is its own.
export { unsentTapsOf } from './tap-queue.ts';
