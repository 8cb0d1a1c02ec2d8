// One live region for the whole page, so any part of the app can tell screen readers something at once. It is
// made when this module loads (with the first form), not when there is something to say: screen readers
// announce changes to a live region they already know.
const region = document.createElement('div');
// No role: pages keep their own alerts and statuses, and tests find those by role.
region.setAttribute('aria-live', 'assertive');
region.setAttribute('aria-atomic', 'true');
region.dataset.announcer = '';
region.className = 'sr-only';
document.body.append(region);

export function announce(text: string) {
  // Emptied first, so the same words said twice are announced twice.
  region.textContent = '';
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}
