import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { oneOf, showFieldErrors } from './field-errors.ts';

describe('showFieldErrors', () => {
  const failure = new ApiError(400, 'Check the form', [
    { path: 'email', message: 'Enter a valid email address' },
    { path: 'website', message: 'Leave this empty' },
  ]);

  it("puts each of the server's errors beside the form's own fields only", () => {
    const shown: [string, string | undefined][] = [];
    const answer = showFieldErrors(
      failure,
      (name, error) => shown.push([name, error.message]),
      oneOf(['email']),
    );
    expect(shown).toEqual([['email', 'Enter a valid email address']]);
    expect(answer).toBe(failure);
  });

  it('answers undefined, and shows nothing, for a failure that is not the server’s answer', () => {
    const shown: string[] = [];
    expect(
      showFieldErrors(new Error('offline'), (name) => shown.push(name), oneOf(['email'])),
    ).toBeUndefined();
    expect(shown).toEqual([]);
  });
});
