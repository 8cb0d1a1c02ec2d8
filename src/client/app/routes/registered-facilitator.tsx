import { PeopleRegister } from '../../features/programme/components/people-register.tsx';

export default function RegisteredFacilitator() {
  return <PeopleRegister kind="facilitators" />;
}
