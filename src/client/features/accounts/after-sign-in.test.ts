import { describe, expect, it } from 'vitest';
import { landingPath, signInPath } from './after-sign-in.ts';

/** What the sign-in page reads from its address: the `next` query parameter, decoded once. */
const nextOf = (address: string) => new URL(address, 'http://localhost:3000').searchParams.get('next');

describe('where sign-in lands', () => {
  it('goes back to the page that asked for sign-in', () => {
    // The guard passes location.pathname + location.search, whose query is percent-encoded.
    expect(landingPath('admin', nextOf(signInPath('/Participants?q=john%20smith')))).toBe(
      '/Participants?q=john%20smith',
    );
    expect(landingPath('company', nextOf('/About?next=/WelcomeManager'))).toBe('/WelcomeManager');
  });

  it("lands on the role's home for a next that could leave the site", () => {
    for (const address of [
      '/About?next=/%09/evil.example',
      '/About?next=//evil.example',
      '/About?next=/%5Cevil.example',
      '/About?next=https://evil.example',
      '/About?next=/%E3%80%80/x',
    ]) {
      expect(landingPath('participant', nextOf(address)), address).toBe('/WelcomeMan');
      expect(landingPath('admin', nextOf(address)), address).toBe('/WelcomeAdmin');
    }
  });
});
