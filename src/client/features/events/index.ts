// What other features use of events (decision record 015); the rest is its own.
export { useEvent } from './api/get-event.ts';
export { EventDescription } from './components/event-description.tsx';
