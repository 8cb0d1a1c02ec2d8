/**
 * The public pages the server renders with their content (the fun run's, opened from WhatsApp on a phone),
 * each with the module of its route, whose chunk the page preloads. Every other path is the SPA's shell.
 * Adding a page: one line here (its route in src/client/app/router.tsx being public and reading only the event).
 */
export const SERVER_RENDERED_PAGES = {
  '/': 'app/routes/landing.tsx',
  '/Welcome': 'app/routes/landing.tsx',
  '/Register': 'app/routes/register-runner.tsx',
  '/RegisterCyclist': 'app/routes/register-cyclist.tsx',
  '/Terms': 'app/routes/terms.tsx',
  '/Privacy': 'app/routes/privacy.tsx',
  '/Banking': 'app/routes/banking.tsx',
  '/Thankyou': 'app/routes/thank-you.tsx',
  '/Search': 'app/routes/search.tsx',
  '/My': 'app/routes/my.tsx',
  '/Results': 'app/routes/results.tsx',
  '/Give': 'app/routes/give.tsx',
} as const;

export type ServerRenderedPath = keyof typeof SERVER_RENDERED_PAGES;
