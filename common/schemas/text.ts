import { z } from 'zod';

/**
 * Control characters other than tab, line feed and carriage return: PostgreSQL refuses NUL in text (the
 * request would end in a 500), and the others are never typed by a person. C1 controls and DEL too.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Half of a UTF-16 surrogate pair without the other half: JSON can carry it ("\ud800"), but it is no character
 * and has no UTF-8 form, so it cannot be stored as text either.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** True for text PostgreSQL may refuse or a person cannot have typed: control characters, broken surrogates. */
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value) || LONE_SURROGATE.test(value);

/** A string the API may store: at most `max` characters and no control characters but tab and newlines. */
export const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);
