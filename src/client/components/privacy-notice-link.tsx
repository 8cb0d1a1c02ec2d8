import { Link } from 'react-router';

/** Beside every form that takes personal details: where /Privacy says what is done with them. */
export function PrivacyNoticeLink() {
  return (
    <p className="text-sm text-stone-700">
      How we use your details:{' '}
      <Link to="/Privacy" target="_blank" className="font-medium text-brand-700 underline">
        Privacy notice
      </Link>
    </p>
  );
}
