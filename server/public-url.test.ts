import { describe, expect, it } from 'vitest';
import { publicUrlMismatch } from './public-url.ts';

describe('PUBLIC_URL against HOST and PORT', () => {
  it.each([
    ['http://localhost:3000', '0.0.0.0', 3000],
    ['http://127.0.0.1:3000', '127.0.0.1', 3000],
    ['http://192.168.1.20:3000', '0.0.0.0', 3000],
    ['http://192.168.1.20:3000', '192.168.1.20', 3000],
    // Behind a reverse proxy on the same machine: another name, another port, and that is fine.
    ['https://foray.example.org', '127.0.0.1', 3000],
    ['https://foray.example.org', '0.0.0.0', 8080],
  ])('agrees: %s with HOST %s, PORT %d', (url, host, port) => {
    expect(publicUrlMismatch(url, { host, port })).toBeNull();
  });

  it.each([
    ['http://localhost:3000', '0.0.0.0', 8080, /port 8080/],
    ['http://127.0.0.1', '127.0.0.1', 3000, /port 3000/],
    ['https://192.168.1.20', '192.168.1.20', 3000, /port 3000/],
    ['http://localhost:3000', '192.168.1.20', 3000, /listens on 192\.168\.1\.20 only/],
  ])('warns: %s with HOST %s, PORT %d', (url, host, port, message) => {
    expect(publicUrlMismatch(url, { host, port })).toMatch(message);
  });
});
