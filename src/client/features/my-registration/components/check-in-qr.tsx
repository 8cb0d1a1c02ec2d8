import { useId } from 'react';

/**
 * The entry's check-in QR code, for the registration table on race morning. The server draws it (no QR
 * library comes to the phone); it is large, with a wide white margin, to scan from a cracked screen.
 */
export function CheckInQr({
  token,
  of,
  sentIn = 'email',
}: {
  token: string;
  /** Whose code, among a group's. */
  of?: string;
  /**
   * Where else the entrant finds it: his confirmation mail, the link in his confirmation text (he may have no
   * email), or nowhere (a group's text links the contact's page alone).
   */
  sentIn?: 'email' | 'text' | 'nowhere';
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-3 rounded-xl border border-stone-300 bg-white p-5 text-center shadow-sm"
    >
      <h2 id={headingId} className="text-2xl font-bold">
        {of ? `${of}'s check-in QR code` : 'Your check-in QR code'}
      </h2>
      <p className="text-stone-800">
        Show it at the registration table on race morning, with your screen turned up bright.
        {sentIn === 'email' && ' It is in your confirmation email too.'}
        {sentIn === 'text' && ' The link in your confirmation text opens it too.'}
      </p>
      <img
        src={`/api/my/${encodeURIComponent(token)}/check-in-qr.svg`}
        alt={of ? `Check-in QR code of ${of}` : 'Check-in QR code'}
        width={288}
        height={288}
        className="size-72 max-w-full bg-white"
      />
    </section>
  );
}
