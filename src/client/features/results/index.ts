export { useAdminResults, usePublishResults } from './api/results.ts';
export { ResultsTables } from './components/results-tables.tsx';
export { ResultsUpload } from './components/results-upload.tsx';
