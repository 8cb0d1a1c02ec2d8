import { Link } from 'react-router';

/** Where a private link that no longer opens (or was never had) can be asked for again: /My mails them all. */
export function MyLinksLink() {
  return (
    <p>
      <Link to="/My" className="font-medium text-brand-700 underline">
        Email me the links to my entries
      </Link>
    </p>
  );
}
