import { PeopleRegister } from './people-register.tsx';

export default function RegisteredMen() {
  return <PeopleRegister kind="men" />;
}
