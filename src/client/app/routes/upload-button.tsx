import { UploadsPage } from '../../features/programme-progress/components/uploads-page.tsx';

export default function UploadButton() {
  return <UploadsPage />;
}
