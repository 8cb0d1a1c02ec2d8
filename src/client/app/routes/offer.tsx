import { useParams } from 'react-router';
import { OfferPage } from '../../features/waitlist/components/offer-page.tsx';

export default function Offer() {
  const { token = '' } = useParams();
  return <OfferPage token={token} />;
}
