// What pages use of the results: the public list, how a race is named, an entrant's own result.
export { MyResult } from './components/my-result.tsx';
export { ResultsList, raceName } from './components/results-list.tsx';
