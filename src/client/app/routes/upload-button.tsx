import { UploadsPage } from '../../features/progress/components/uploads-page.tsx';

export default function UploadButton() {
  return <UploadsPage />;
}
