import { BeThatManPage } from './be-that-man-page.tsx';

export default function RegisterMan() {
  return <BeThatManPage kind="men" />;
}
