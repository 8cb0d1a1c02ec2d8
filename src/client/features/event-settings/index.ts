// What other features use of event-settings (decision record 015); the rest is its own.
export { useEventSettings } from './api/event-settings.ts';
export { PublishChecklist } from './components/publish-checklist.tsx';
