import { BeThatManPage } from '../../features/people/components/be-that-man-page.tsx';

export default function RegisterFacilitator() {
  return <BeThatManPage kind="facilitators" />;
}
