import { BeThatManPage } from '../../features/people/components/be-that-man-page.tsx';

export default function RegisterMan() {
  return <BeThatManPage kind="men" />;
}
