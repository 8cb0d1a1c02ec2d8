import { BeThatManPage } from './be-that-man-page.tsx';

export default function RegisterFacilitator() {
  return <BeThatManPage kind="facilitators" />;
}
