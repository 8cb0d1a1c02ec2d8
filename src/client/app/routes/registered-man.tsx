import { PeopleRegister } from '../../features/people/components/people-register.tsx';

export default function RegisteredMan() {
  return <PeopleRegister kind="men" />;
}
