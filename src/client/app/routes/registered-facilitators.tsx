import { PeopleRegister } from './people-register.tsx';

export default function RegisteredFacilitators() {
  return <PeopleRegister kind="facilitators" />;
}
