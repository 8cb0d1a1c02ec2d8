import { PeopleRegister } from '../../features/people/components/people-register.tsx';

export default function RegisteredFacilitator() {
  return <PeopleRegister kind="facilitators" />;
}
