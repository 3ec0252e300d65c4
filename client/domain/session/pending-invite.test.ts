import { describe, expect, it } from 'vitest';
import {
  forgetInvite,
  forgetJoin,
  inviteTokenFromPath,
  joinTokenFromPath,
  pendingInvite,
  pendingJoin,
  rememberInvite,
  rememberJoin,
  type TokenStorage,
} from './pending-invite.ts';

function memoryStorage(): TokenStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A browser that refuses storage (turned off, or a private mode): every call throws. */
const refusingStorage: TokenStorage = {
  getItem: () => {
    throw new DOMException('refused', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('refused', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('refused', 'SecurityError');
  },
};

describe('inviteTokenFromPath', () => {
  it('reads the token of an invitation page, with or without a trailing slash', () => {
    expect(inviteTokenFromPath('/invite/Abc_12-xyz')).toBe('Abc_12-xyz');
    expect(inviteTokenFromPath('/invite/Abc_12-xyz/')).toBe('Abc_12-xyz');
  });

  it('is null for every other path and for what cannot be a token', () => {
    for (const path of [
      '/',
      '/reset-password',
      '/invite',
      '/invite/',
      '/invite/a/b',
      '/invites/abc',
      '/x/invite/abc',
      '/invite/%E0%A4%A', // not valid percent-encoding
      '/invite/a%20b', // a space
      '/invite/a%00b', // NUL
      `/invite/${'a'.repeat(201)}`,
    ]) {
      expect(inviteTokenFromPath(path), path).toBeNull();
    }
    expect(inviteTokenFromPath(`/invite/${'a'.repeat(200)}`)).toBe('a'.repeat(200));
  });
});

describe('the pending invitation', () => {
  it('is kept until it is forgotten', () => {
    const storage = memoryStorage();
    expect(pendingInvite(storage)).toBeNull();
    rememberInvite('tok-1', storage);
    expect(pendingInvite(storage)).toBe('tok-1');
    rememberInvite('tok-2', storage);
    expect(pendingInvite(storage)).toBe('tok-2');
    forgetInvite(storage);
    expect(pendingInvite(storage)).toBeNull();
  });

  it('ignores a kept value that is no token (written by hand or by an older version)', () => {
    const storage = memoryStorage();
    storage.items.set('foray.pendingInvite', '../api/v1/circles');
    expect(pendingInvite(storage)).toBeNull();
  });

  it('works without storage: the link still works in its own page', () => {
    expect(() => rememberInvite('tok-5', refusingStorage)).not.toThrow();
    expect(pendingInvite(refusingStorage)).toBeNull();
    expect(() => forgetInvite(refusingStorage)).not.toThrow();
    expect(pendingInvite(null)).toBeNull();
    expect(() => rememberInvite('tok-5', null)).not.toThrow();
  });
});

describe('a server invitation (/join/<token>)', () => {
  it('is read from its path only, and kept apart from a circle invitation until forgotten', () => {
    expect(joinTokenFromPath('/join/Abc_12-xyz')).toBe('Abc_12-xyz');
    expect(joinTokenFromPath('/join/Abc/')).toBe('Abc');
    expect(joinTokenFromPath('/invite/Abc')).toBeNull();
    expect(joinTokenFromPath('/join/a/b')).toBeNull();
    expect(joinTokenFromPath('/join/%E0%A4%A')).toBeNull();
    expect(joinTokenFromPath(`/join/${'a'.repeat(201)}`)).toBeNull();
    const storage = memoryStorage();
    rememberJoin('server-token', storage);
    rememberInvite('circle-token', storage);
    expect(pendingJoin(storage)).toBe('server-token');
    expect(pendingInvite(storage)).toBe('circle-token');
    forgetJoin(storage);
    expect(pendingJoin(storage)).toBeNull();
    expect(pendingInvite(storage)).toBe('circle-token');
  });
});
