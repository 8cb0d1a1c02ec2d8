// What pages use of the results: the public list, and how a race is named.
export { ResultsList, raceName } from './components/results-list.tsx';
