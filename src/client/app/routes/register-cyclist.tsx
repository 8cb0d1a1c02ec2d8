import { RegistrationPage } from './registration-page.tsx';

export default function RegisterCyclist() {
  return <RegistrationPage discipline="cycle" />;
}
