import { PeopleRegister } from '../../features/people/components/people-register.tsx';

export default function RegisteredFacilitators() {
  return <PeopleRegister kind="facilitators" />;
}
