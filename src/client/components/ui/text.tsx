/** "not given", read out; a dash on screen. */
export function NotGiven() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">not given</span>
    </>
  );
}

/** An address that wraps after its @ rather than anywhere in a word. */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
