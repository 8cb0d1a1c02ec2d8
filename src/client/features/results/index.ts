// What pages use of the results: the admin's screens, the public list, how a race is named, an entrant's own result.
export { useAdminResults, usePublishResults } from './api/results.ts';
export { MyResult } from './components/my-result.tsx';
export { ResultsList, raceName } from './components/results-list.tsx';
export { ResultsTables } from './components/results-tables.tsx';
export { ResultsUpload } from './components/results-upload.tsx';
