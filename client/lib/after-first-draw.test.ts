import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps one first picture per page: each test loads it afresh.
let module: typeof import('./after-first-draw.ts');
beforeEach(async () => {
  vi.resetModules();
  module = await import('./after-first-draw.ts');
});

/** Lets every pending promise and short timer (the idle wait's stand-in) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 120));

describe('afterFirstDraw', () => {
  it('waits for the base map’s tiles and for its spots, then runs the pieces in turn', async () => {
    const ran: string[] = [];
    const first = module.afterFirstDraw(() => ran.push('device copy'));
    const second = module.afterFirstDraw(() => ran.push('add form'));

    module.reportFirstDraw();
    await settle();
    // The tiles alone are not the first picture: the spots the forager waits for are not on the map yet.
    expect(ran).toEqual([]);

    module.reportSpotsShown();
    await Promise.all([first, second]);
    expect(ran).toEqual(['device copy', 'add form']);
  });

  it('runs a piece put off after the first picture at the next idle moment', async () => {
    module.reportSpotsShown();
    module.reportFirstDraw();
    await settle();
    expect(await module.afterFirstDraw(() => 'late')).toBe('late');
  });
});
