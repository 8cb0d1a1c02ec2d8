import { BeThatManPage } from '../../features/programme/components/be-that-man-page.tsx';

export default function RegisterMan() {
  return <BeThatManPage kind="men" />;
}
