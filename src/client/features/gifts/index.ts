// What other features use of gifts (decision record 015); the rest is its own.
export { CauseSection } from './components/cause-section.tsx';
