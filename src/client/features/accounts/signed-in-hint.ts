// Public pages show who is signed in, but a visitor (most people on the public pages) should not pay
// a request to learn that nobody is: this browser notes that it signed in (no personal data), and only
// then do public pages ask the server who it is.
const HINT = 'celebration:signed-in';

export function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(HINT, '1');
    else localStorage.removeItem(HINT);
  } catch {
    // Storage refused (private mode): public pages then simply show no name.
  }
}

export function maybeSignedIn() {
  try {
    return localStorage.getItem(HINT) === '1';
  } catch {
    return false;
  }
}
