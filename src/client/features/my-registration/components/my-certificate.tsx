import { useId } from 'react';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { myCertificateUrl, useMyCertificate } from '../api/my-certificate.ts';

/**
 * The entrant's finisher certificate, once he was checked in or finished: a picture to share on WhatsApp and a
 * PDF to print. Nothing shows before then (most of the year), nor while the page asks.
 */
export function MyCertificate({ token, active }: { token: string; active: boolean }) {
  const headingId = useId();
  const certificate = useMyCertificate(token, active);
  if (certificate.isError)
    return (
      <p className="text-stone-700">
        We could not check for your finisher certificate just now. Open this page again later to download it.
      </p>
    );
  if (!certificate.data?.available) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-stone-300 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-2xl font-bold">
        Your finisher certificate
      </h2>
      <p className="text-stone-800">
        Well done! Save the picture to share it, or the PDF to print it.
        {certificate.data.awaitingResults &&
          ' Your time and place will be on it once the organisers publish the results.'}
      </p>
      <img
        src={myCertificateUrl(token, 'png')}
        alt="Your finisher certificate"
        width={1080}
        height={760}
        loading="lazy"
        className="h-auto w-full rounded border border-stone-200"
      />
      {/* Stacked full width on a phone, side by side on a wide screen. */}
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href={myCertificateUrl(token, 'png')} download className={secondaryButtonClass}>
          Download your certificate (image)
        </a>
        <a href={myCertificateUrl(token, 'pdf')} download className={secondaryButtonClass}>
          Download your certificate (PDF)
        </a>
      </div>
    </section>
  );
}
