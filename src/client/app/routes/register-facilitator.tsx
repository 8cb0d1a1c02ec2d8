import { BeThatManPage } from '../../features/programme/components/be-that-man-page.tsx';

export default function RegisterFacilitator() {
  return <BeThatManPage kind="facilitators" />;
}
