import { RegistrationPage } from './registration-page.tsx';

export default function RegisterRunner() {
  return <RegistrationPage discipline="run" />;
}
