import { describe, expect, it } from 'vitest';
import type { RegistrationData } from '../../../shared/registrations/registration.ts';
import { requestDigest } from './service.ts';

const input = {
  discipline: 'run',
  firstName: 'Tendai',
  lastName: 'Moyo',
  email: 'tendai@example.com',
  mobile: '+263771234567',
  nextOfKinMobile: '+263771234568',
  age: 37,
  gender: 'Male',
  raceType: '10km',
  tshirtSize: 'Medium',
  acceptedTerms: true,
  notifyBy: 'both',
  showInResults: true,
  guardianName: 'X',
  giftAmount: '10.00',
  giftCurrency: 'USD',
} as unknown as RegistrationData;

// Entries keep their request's digest, and a retry is compared with it: the digest of a request never changes.
describe('a request digest', () => {
  it('is the one earlier versions stored', () => {
    expect(requestDigest(input, undefined)).toBe('NA__b_UQYN7NOW8IBDROpe1dI3eJVvi1X2p-o9nYois');
    expect(requestDigest(input, 'co', { overCapacity: 'allow', bib: 12, Zeta: 1, alpha: 2 })).toBe(
      'Dw8RsktxKYAnRdnVyLnADC7Yk7Ax-ePFAzXDwNP8Ozk',
    );
  });
});
