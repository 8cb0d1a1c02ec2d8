// What other features and pages use of mobile proofs (decision record 015); the rest is its own.
export { DataByMobile } from './components/data-by-mobile.tsx';
