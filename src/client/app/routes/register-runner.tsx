import { RegistrationPage } from '../../features/registrations/components/registration-page.tsx';

export default function RegisterRunner() {
  return <RegistrationPage discipline="run" />;
}
