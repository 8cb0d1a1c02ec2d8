// What other features and pages use of the results: the public list, and how a place is said.
export { ordinal, ResultsList, raceName } from './components/results-list.tsx';
