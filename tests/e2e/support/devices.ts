import { type TestInfo, test } from '@playwright/test';

export type Device = 'phone' | 'desktop';

/** The device a test runs on (playwright.config.ts's `metadata.device`), whichever run it is part of. */
export const deviceOf = (testInfo: TestInfo = test.info()): Device =>
  testInfo.project.metadata.device === 'desktop' ? 'desktop' : 'phone';

/**
 * Runs the tests of this file or group (called at its top) or this test (called in it) only on the device
 * their user holds: entrants, men, facilitators and volunteers hold phones, organisers and company
 * managers sit at desks. Every page such a journey opens is laid out at the other width in layout.spec.ts.
 */
export function heldOn(device: Device) {
  const other = device === 'phone' ? 'desktop' : 'phone';
  const reason = `a journey on a ${device}: its pages at the ${other}'s width are in layout.spec.ts`;
  if (inATest()) test.skip(deviceOf() === other, reason);
  else test.skip(() => deviceOf() === other, reason);
}

function inATest() {
  try {
    test.info();
    return true;
  } catch {
    return false;
  }
}
