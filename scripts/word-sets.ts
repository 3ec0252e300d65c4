// Which English words ship with which screen (ADR 0033). English is bundled so a screen paints in words without
// a round trip, but the words of screens opened later (the visit form, the account page, export…) need not
// weigh on the first download. The split is read off the code: starting from a screen's root file, every
// file it imports statically is read, and every key it names (a string literal that is a key of en.json, or a
// `prefix.` / `prefix.${…}` stem of keys) goes with that screen. Everything else loads with the first later screen.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

type Words = Record<string, string>;

const PLURAL = /_(zero|one|two|few|many|other)$/;

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** The project files `root` imports statically, `root` included (TypeScript sources only; `import type` and `import()` not followed). */
export function staticGraph(root: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const statement of parse(file).statements) {
      const isImport = ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly;
      const isExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly;
      if (!isImport && !isExport) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      if (!specifier.text.startsWith('.') || !/\.tsx?$/.test(specifier.text)) continue;
      visit(path.resolve(path.dirname(file), specifier.text));
    }
  };
  visit(path.resolve(root));
  return seen;
}

/** The keys of `words` the files name: a string that is a key (or a plural's base), or a stem ('a.' or `a.${…}`). */
export function keysNamedIn(files: Iterable<string>, words: Words): Set<string> {
  const keys = Object.keys(words);
  const byBase = new Map<string, string[]>();
  for (const key of keys) {
    const base = key.replace(PLURAL, '');
    byBase.set(base, [...(byBase.get(base) ?? []), key]);
  }
  const named = new Set<string>();
  const name = (text: string, stem: boolean) => {
    if (!/^[A-Za-z][\w.-]*$/.test(text) || !text.includes('.')) return;
    for (const key of byBase.get(text) ?? []) named.add(key);
    if (stem || text.endsWith('.')) for (const key of keys) if (key.startsWith(text)) named.add(key);
  };
  for (const file of files) {
    const walk = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) name(node.text, false);
      else if (ts.isTemplateExpression(node)) name(node.head.text, true);
      ts.forEachChild(node, walk);
    };
    walk(parse(file));
  }
  return named;
}

export function pick(words: Words, keys: Set<string>): Words {
  return Object.fromEntries(Object.entries(words).filter(([key]) => keys.has(key)));
}

/** `virtual:foray-words/sign-in` and `virtual:foray-words/main`: the English words each first screen names. */
export function wordSetsPlugin(options: { locale: string; signInRoot: string; mainRoot: string }) {
  const PREFIX = 'virtual:foray-words/';
  const sets = () => {
    const words = JSON.parse(fs.readFileSync(options.locale, 'utf8')) as Words;
    const signIn = keysNamedIn(staticGraph(options.signInRoot), words);
    const main = keysNamedIn(staticGraph(options.mainRoot), words);
    for (const key of signIn) main.delete(key);
    return { 'sign-in': pick(words, signIn), main: pick(words, main) } as Record<string, Words>;
  };
  return {
    name: 'foray-word-sets',
    resolveId(id: string) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id: string) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const set = sets()[id.slice(PREFIX.length + 1)];
      if (!set) throw new Error(`Unknown word set ${id}`);
      return `export default ${JSON.stringify(set)};`;
    },
  };
}
