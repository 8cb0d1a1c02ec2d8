import { ErasureRequestsPage } from '../../features/erasure/components/erasure-requests-page.tsx';

export default function ErasureRequests() {
  return <ErasureRequestsPage />;
}
