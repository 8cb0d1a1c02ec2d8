import { PeopleRegister } from '../../features/people/components/people-register.tsx';

export default function RegisteredMen() {
  return <PeopleRegister kind="men" />;
}
