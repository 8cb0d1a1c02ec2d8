import { test } from '@playwright/test';

/**
 * Runs the tests of this file (or the test it is called in) only on the device their user holds:
 * entrants, men, facilitators and volunteers hold phones, organisers and company managers sit at desks.
 * Every page such a journey opens is laid out at the other width in layout.spec.ts.
 */
export function heldOn(device: 'phone' | 'desktop') {
  const other = device === 'phone' ? 'desktop' : 'phone';
  test.skip(
    () => test.info().project.name === other,
    `a journey on a ${device}: its pages at the ${other}'s width are in layout.spec.ts`,
  );
}
