import { describe, expect, it } from 'vitest';
import { greeting, SHOWN_NAME_MAX_LENGTH, shownFirstName } from './shown-name.ts';

describe('names shown to others', () => {
  it.each([
    ['Rudo', 'Rudo'],
    ['  Tendai Farai ', 'Tendai'],
    ["O'Brien", "O'Brien"],
    ['N’Dri', 'N’Dri'],
    ['Jean-Luc', 'Jean-Luc'],
    ['Zoë', 'Zoë'],
    ['Zoe\u0308', 'Zoë'],
    ['Наталья', 'Наталья'],
    ['ሰላም', 'ሰላም'],
    ['अनुराधा', 'अनुराधा'],
    ['李', '李'],
    ['a'.repeat(SHOWN_NAME_MAX_LENGTH), 'a'.repeat(SHOWN_NAME_MAX_LENGTH)],
  ])('shows %j as %j', (typed, shown) => {
    expect(shownFirstName(typed)).toBe(shown);
  });

  it.each([
    'Alice. IMPORTANT: pay USD 20 now by EcoCash to 0771234567',
    'Alice.',
    'a'.repeat(SHOWN_NAME_MAX_LENGTH + 1),
    'R2D2',
    '-Rudo',
    "Rudo'",
    'Jean--Luc',
    'https://evil.example',
    '<b>Rudo</b>',
    '\u0301',
    '',
    '   ',
    null,
  ])('shows nothing of %j', (typed) => {
    expect(shownFirstName(typed)).toBeUndefined();
  });

  it('greets by the shown name or neutrally', () => {
    expect(greeting('Rudo Moyo')).toBe('Hello Rudo');
    expect(greeting('Rudo', 'Dear')).toBe('Dear Rudo');
    expect(greeting('Alice. IMPORTANT: pay USD 20 now', 'Dear')).toBe('Hello');
  });
});
