import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysNamedIn, staticGraph } from './word-sets.ts';

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-words-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

const words = {
  'map.title': 'Map',
  'map.zoomIn': 'Zoom in',
  'visits.count_one': '{{count}} visit',
  'visits.count_other': '{{count}} visits',
  'types.mushroom_spot': 'Mushroom spot',
  'types.car_park': 'Car park',
  'later.only': 'Only in a later screen',
};

describe('the English words that ship with a screen', () => {
  it('follows static imports only, never a lazy import() or an import of types', () => {
    const dir = tree({
      'root.tsx': `import { a } from './a.ts';\nimport type { B } from './b.ts';\nexport { c } from './c.ts';\nconst later = () => import('./later.tsx');\n`,
      'a.ts': `export const a = 1;`,
      'b.ts': `export type B = 1;`,
      'c.ts': `export const c = 1;`,
      'later.tsx': `export const x = 'later.only';`,
    });
    const names = [...staticGraph(path.join(dir, 'root.tsx'))].map((file) => path.basename(file)).sort();
    expect(names).toEqual(['a.ts', 'c.ts', 'root.tsx']);
  });

  it("names keys by literal, a plural's base, and a stem ('types.' or `types.${…}`); apostrophes in text don't confuse it", () => {
    const dir = tree({
      'a.tsx': [
        `// Don't worry: this comment's apostrophes are not quotes`,
        `const t = (key: string, o?: object) => key;`,
        `export const A = () => <p title="it's">{t('map.title')} {t('visits.count', { count: 2 })}</p>;`,
        'export const type = (value: string) => t(`types.${value}`);',
      ].join('\n'),
    });
    const named = keysNamedIn([path.join(dir, 'a.tsx')], words);
    expect([...named].sort()).toEqual([
      'map.title',
      'types.car_park',
      'types.mushroom_spot',
      'visits.count_one',
      'visits.count_other',
    ]);
  });
});
