import { PeopleRegister } from '../../features/programme/components/people-register.tsx';

export default function RegisteredMan() {
  return <PeopleRegister kind="men" />;
}
