// A multipart form's text fields, read as the JSON a zod object schema takes: the schema's own keys and types
// decide, so a field added to the schema is read from a form with no change here.
import type { z } from 'zod';

type Kind = 'number' | 'boolean' | 'list' | 'text';
type FieldRule = { kind: Kind; nullable: boolean; emptyIsAbsent: boolean };

/** What a field's schema takes at its core (past optional, nullable, default and pipes), and what it allows missing. */
function ruleOf(schema: z.ZodType, emptyIsAbsent: boolean): FieldRule {
  let nullable = false;
  let current = schema;
  for (;;) {
    const def = current.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.type === 'nullable') nullable = true;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  const core = (current.def as { type: string }).type;
  const kind = core === 'number' ? 'number' : core === 'boolean' ? 'boolean' : core === 'array' ? 'list' : 'text';
  return { kind, nullable, emptyIsAbsent };
}

/** One field's text as JSON. Anything the schema would not take is passed on as it is, for the schema to refuse. */
function valueOf(rule: FieldRule, text: string): unknown {
  switch (rule.kind) {
    case 'number':
      // A blank number was not given.
      return text.trim() === '' ? undefined : Number(text);
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'list':
      // A list of ids, comma-separated (its items sent one field each arrive joined so): "" is the empty list.
      return text.trim() === '' ? [] : text.split(',').map((item) => item.trim());
    case 'text':
      // A form sends an empty text field for "nothing": null where the schema allows it, left out where the form
      // says an empty field is no field; anything else keeps its '' and the schema's own answer to it.
      if (text !== '') return text;
      return rule.nullable ? null : rule.emptyIsAbsent ? undefined : '';
  }
}

export type FormFields = {
  /** The names a form may send: the schema's keys. */
  names: ReadonlySet<string>;
  /** The names of its lists (arrays in the schema), which a form may send once per item (multipart.ts). */
  lists: ReadonlySet<string>;
  /** The form's text fields as the JSON the schema takes (not yet validated). */
  toJson: (fields: Record<string, string>) => Record<string, unknown>;
};

/** `emptyIsAbsent`: the optional fields whose empty text means "not given" (an id the server is to make). */
export function formFieldsOf(
  shape: Record<string, z.ZodType>,
  { emptyIsAbsent = [] }: { emptyIsAbsent?: readonly string[] } = {},
): FormFields {
  const rules = new Map(
    Object.entries(shape).map(([name, schema]) => [name, ruleOf(schema, emptyIsAbsent.includes(name))]),
  );
  return {
    names: new Set(rules.keys()),
    lists: new Set([...rules].filter(([, rule]) => rule.kind === 'list').map(([name]) => name)),
    toJson: (fields) => {
      const json: Record<string, unknown> = {};
      for (const [name, text] of Object.entries(fields)) {
        const rule = rules.get(name);
        json[name] = rule ? valueOf(rule, text) : text;
      }
      return json;
    },
  };
}
