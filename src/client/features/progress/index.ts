// What other features use of progress (decision record 015); the rest is its own.
export { submissionFileUrl } from './api/man-progress.ts';
