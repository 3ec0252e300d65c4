import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from '../../../common/schemas/text.ts';

/**
 * Where better-auth sends the browser afterwards. Foray's web app only ever sends its own paths; better-auth
 * builds a URL from these and throws (a 500) when it cannot, e.g. for "true".
 */
const REDIRECT_FIELDS = new Set(['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL']);
const OWN_PATH = /^\/(?![/\\])/;

/** Deeper than any form better-auth reads; re-serialising a body thousands of levels deep overflows the stack. */
const MAX_DEPTH = 8;

/**
 * What is wrong with an /api/auth request before better-auth sees it, or null. better-auth passes strings
 * straight to PostgreSQL, which refuses NUL in text with an error that became a 500 (an e-mail at sign-in,
 * a token at reset). One check covers every better-auth route, present and future: any string anywhere in
 * the body, the query or the path (a reset link carries its token in the path).
 */
export function authInputProblem(input: { url: string; body: unknown }): string | null {
  let path: string;
  let query: URLSearchParams;
  try {
    const url = new URL(input.url, 'http://foray.invalid');
    path = decodeURIComponent(url.pathname);
    query = url.searchParams;
  } catch {
    return 'url: not a valid address';
  }
  if (hasControlCharacters(path)) return `path: ${CONTROL_CHARACTER_MESSAGE}`;
  for (const [name, value] of query) {
    if (hasControlCharacters(name) || hasControlCharacters(value))
      return `${safeName(name)}: ${CONTROL_CHARACTER_MESSAGE}`;
    if (REDIRECT_FIELDS.has(name) && !OWN_PATH.test(value)) return `${name}: must be a path on this site`;
  }
  return bodyProblem(input.body, '', 0);
}

function bodyProblem(value: unknown, where: string, depth: number): string | null {
  if (typeof value === 'string')
    return hasControlCharacters(value) ? `${where || 'body'}: ${CONTROL_CHARACTER_MESSAGE}` : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return `${where || 'body'}: nested too deeply`;
  for (const [key, inner] of Object.entries(value)) {
    const name = Array.isArray(value) ? `${where}[${key}]` : where ? `${where}.${safeName(key)}` : safeName(key);
    if (hasControlCharacters(key)) return `${name}: ${CONTROL_CHARACTER_MESSAGE}`;
    if (
      depth === 0 &&
      REDIRECT_FIELDS.has(key) &&
      inner !== undefined &&
      !(typeof inner === 'string' && OWN_PATH.test(inner))
    ) {
      return `${key}: must be a path on this site`;
    }
    const problem = bodyProblem(inner, name, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** A field name as it may appear in a message: no control characters, not endless. */
const safeName = (name: string) => JSON.stringify(name.slice(0, 40)).slice(1, -1);
