// A circle's invitation link (/invite/<token>, issue #20) opened by someone not signed in: the token is kept in
// this tab's sessionStorage while they sign in or sign up, so the main screen can then ask "Join <circle>?".
// Only this tab keeps it, and only until the question is answered or the tab is closed: nothing of it outlives the
// tab on a shared device. The way back from anywhere else is a link: a sign-up's confirmation mail leads to the
// invitation itself (/invite/<token>?verified=1, ADR 0056), in whichever tab or browser it is opened.

const KEY = 'foray.pendingInvite';
/** The longest token the API accepts (InviteTokenParamsSchema). */
const TOKEN_MAX = 200;

/** What the token is kept in: sessionStorage in the app, a stand-in in tests. */
export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage, or nothing where the browser refuses it (storage turned off, some private modes). */
function tabStorage(): TokenStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

const isToken = (value: string) => value.length > 0 && value.length <= TOKEN_MAX && /^[\w.~-]+$/.test(value);

/** The token in an invitation page's path (`/invite/<token>`, a trailing slash allowed), or null. */
export function inviteTokenFromPath(pathname: string): string | null {
  const match = /^\/invite\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isToken(token) ? token : null;
}

export function rememberInvite(token: string, storage = tabStorage()): void {
  try {
    storage?.setItem(KEY, token);
  } catch {
    // Storage full or refused: the invitation still works in this page, just not across a sign-up.
  }
}

/** The invitation waiting for an answer in this tab, or null. */
export function pendingInvite(storage = tabStorage()): string | null {
  try {
    const token = storage?.getItem(KEY) ?? null;
    return token !== null && isToken(token) ? token : null;
  } catch {
    return null;
  }
}

/** Answered (joined, not now, or a link that no longer works): nothing more to ask. */
export function forgetInvite(storage = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing kept, or nothing to do about it.
  }
}

// A server invitation's link (/join/<token>, ADR 0079) is kept the same way, under its own key: the sign-up sends it
// as `invite`, which lets the person onto a server whose policy otherwise asks for one. It is forgotten once an
// account is made with it, or when someone signs in (they have an account already).
const JOIN_KEY = 'foray.pendingJoin';

/** The token in a server invitation's path (`/join/<token>`, a trailing slash allowed), or null. */
export function joinTokenFromPath(pathname: string): string | null {
  const match = /^\/join\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const token = decodeURIComponent(match[1]!);
    return isToken(token) ? token : null;
  } catch {
    return null;
  }
}

export function rememberJoin(token: string, storage = tabStorage()): void {
  try {
    storage?.setItem(JOIN_KEY, token);
  } catch {
    // Storage refused: the link works in this page only.
  }
}

export function pendingJoin(storage = tabStorage()): string | null {
  try {
    const token = storage?.getItem(JOIN_KEY) ?? null;
    return token !== null && isToken(token) ? token : null;
  } catch {
    return null;
  }
}

export function forgetJoin(storage = tabStorage()): void {
  try {
    storage?.removeItem(JOIN_KEY);
  } catch {
    // Nothing kept.
  }
}
