// What other features use of access-requests (decision record 015); the rest is its own.
export { PersonalDataDownloads } from './components/personal-data-downloads.tsx';
