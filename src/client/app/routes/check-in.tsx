import { CheckInPage } from '../../features/check-in/components/check-in-page.tsx';

export default function CheckIn() {
  return <CheckInPage />;
}
