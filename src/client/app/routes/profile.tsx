import { ProfilePage } from '../../features/programme-progress/components/profile-page.tsx';

export default function Profile() {
  return <ProfilePage />;
}
