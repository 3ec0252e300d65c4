// XML from a stranger's file, read without the classic traps (ADR 0036): GPX and KML never need a document type,
// so any DOCTYPE or ENTITY declaration is refused before parsing — no external entities (XXE), no entity
// expansion (billion laughs). Only XML's five predefined entities and character references are decoded, and
// nesting deeper than XML_DEPTH_MAX is refused by the parser.
import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';
import { AppError } from '../../../errors.ts';

/** GPX and KML need a dozen levels; a KML of nested folders a few more. */
export const XML_DEPTH_MAX = 64;

const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

export function parseSafeXml(text: string, options: Partial<X2jOptions>): Record<string, unknown> {
  if (DECLARATION.test(text)) {
    throw new AppError(
      400,
      'IMPORT_XML_UNSAFE',
      'The file declares a document type or entities, which GPX and KML never need; Foray does not read such files.',
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new AppError(
      400,
      'IMPORT_UNREADABLE',
      `The file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`,
    );
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    // Character references (&#233;) are decoded only with this; it adds a fixed table of names, never the file's.
    htmlEntities: true,
    maxNestedTags: XML_DEPTH_MAX,
    ...options,
  });
  try {
    return parser.parse(text) as Record<string, unknown>;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/nested/i.test(message)) {
      throw new AppError(400, 'IMPORT_XML_TOO_DEEP', `The file nests elements more than ${XML_DEPTH_MAX} deep.`);
    }
    throw new AppError(400, 'IMPORT_UNREADABLE', 'The file is not well-formed XML.');
  }
}

/** Always an array: the parser gives one child as an object and several as an array. */
export const all = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

export const child = (node: unknown, name: string): unknown =>
  node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined;
