import { ProfilePage } from '../../features/people/components/profile-page.tsx';

export default function Profile() {
  return <ProfilePage />;
}
