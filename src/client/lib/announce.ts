// One live region for the whole page, so any part of the app can tell screen readers something at once. It is
// made when this module loads (with the first form), not when there is something to say: screen readers
// announce changes to a live region they already know. The server, rendering a form's page, has no page to add to.
const region = typeof document === 'undefined' ? undefined : liveRegion();

function liveRegion() {
  const element = document.createElement('div');
  // No role: pages keep their own alerts and statuses, and tests find those by role.
  element.setAttribute('aria-live', 'assertive');
  element.setAttribute('aria-atomic', 'true');
  element.dataset.announcer = '';
  element.className = 'sr-only';
  document.body.append(element);
  return element;
}

export function announce(text: string) {
  if (!region) return;
  // Emptied first, so the same words said twice are announced twice.
  region.textContent = '';
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}
