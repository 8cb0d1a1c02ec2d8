// What other features use of erasure (decision record 015); the rest is its own.
export { ErasePersonButton } from './components/erase-person-dialog.tsx';
export { ErasureRequestDialog } from './components/erasure-request-dialog.tsx';
