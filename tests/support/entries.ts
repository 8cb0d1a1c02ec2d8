// Fun-run entries as the registration form sends them; plain data, so the bench and reliability scripts
// can use them without loading the app.

/** a, b, … z, ba, bb …: a distinct suffix for names without digits (digits would blur the privacy checks). */
export function letters(n: number) {
  let text = '';
  let rest = n;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

/** A valid 10 km runner entry for the person `tag` names; overrides win. */
export function runnerEntry(tag: string, overrides: Record<string, unknown> = {}) {
  return {
    discipline: 'run',
    firstName: 'Tendai',
    lastName: `Moyo ${tag}`,
    email: `tendai.${tag}@example.com`,
    mobile: '0771234567',
    age: 37,
    gender: 'Male',
    raceType: '10km',
    nextOfKinMobile: '+263 77 123 4567',
    tshirtSize: 'Medium',
    consent: true,
    ...overrides,
  };
}

/**
 * Valid 10 km runner entries, each for the next person of the series (Tendai Moyo1, tendai.1@example.com,
 * then Moyo2 …); changes win. A test file makes its own series, so its people are numbered from 1.
 */
export function runnerSeries() {
  let serial = 0;
  return (change: object = {}) => {
    serial += 1;
    return runnerEntry(String(serial), {
      lastName: `Moyo${serial}`,
      age: 30,
      gender: 'Female',
      nextOfKinMobile: '0772345678',
      tshirtSize: 'Large',
      ...change,
    });
  };
}

/** A valid 5 km entry with only the required fields (no gender); overrides win. */
export function fiveKmEntry(overrides: Record<string, unknown> = {}) {
  return {
    discipline: 'run',
    firstName: 'Tendai',
    lastName: 'Moyo',
    email: 'tendai@example.com',
    mobile: '0771234567',
    age: 30,
    raceType: '5km',
    nextOfKinMobile: '0772345678',
    tshirtSize: 'Small',
    consent: true,
    ...overrides,
  };
}

/** A valid sign-up for the men's programme (POST /api/men, /api/men/quick, /api/facilitators) of Tatenda `lastName`; overrides win. */
export function manForm(lastName: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Tatenda',
    lastName,
    email: `tatenda.${lastName.toLowerCase()}@example.com`,
    mobile: '0771234567',
    maritalStatus: 'Married',
    church: 'Celebration Church Harare',
    age: '42',
    address: '12 Samora Machel Ave, Harare',
    ...overrides,
  };
}

/** What a form adds for an entrant under 18: the parent or guardian and their agreement (ignored for an adult). */
export const GUARDIAN = {
  guardianName: 'Rudo Moyo',
  guardianMobile: '0772345678',
  guardianConsent: true,
};
