import { WaitlistPage } from '../../features/waitlist/components/waitlist-page.tsx';

export default function Waitlist() {
  return <WaitlistPage />;
}
