import { useEvent } from '../features/events/api/get-event.ts';

/** On every page while payments go to a fake gateway (PAYNOW_URL=fake): nobody should think they paid. */
export function TestPaymentsBanner() {
  const { data: event } = useEvent();
  if (!event?.testPayments) return null;
  return (
    <aside
      aria-label="Test payments"
      className="border-b-2 border-amber-600 bg-amber-200 px-4 py-2 text-center font-semibold text-amber-950 text-sm"
    >
      Test payments — no money moves
    </aside>
  );
}
