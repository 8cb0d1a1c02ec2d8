import { useParams } from 'react-router';
import { MyEntryPage } from '../../features/my-registration/components/my-entry-page.tsx';
import { MyLinksPage } from '../../features/my-registration/components/my-links-page.tsx';

/** One route for both pages, so the public pages' shared code names one chunk instead of two. */
export default function My() {
  const { token } = useParams();
  return token ? <MyEntryPage token={token} /> : <MyLinksPage />;
}
