import { RegistrationPage } from '../../features/registrations/components/registration-page.tsx';

export default function RegisterCyclist() {
  return <RegistrationPage discipline="cycle" />;
}
