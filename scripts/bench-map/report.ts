// The figures of `npm run bench:map` (scripts/bench-map.ts) as one table, a column for each build measured in the
// run (the baseline's first, then this checkout's), so the two are read side by side: each figure's median with
// the lowest and highest of the runs in brackets.
import { CITY_ZOOM } from './city.ts';
import { median, type FrameStats } from './page.ts';
import type { Sample } from './run.ts';

/** The median and, in brackets, the lowest and highest of the runs. */
function spread(values: number[], digits = 0, unit = '') {
  const show = (value: number) => value.toFixed(digits) + unit;
  return `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;
}

type Row = { label: string; cell: (samples: Sample[]) => string };

const of = <T>(samples: Sample[], pick: (sample: Sample) => T) => samples.map(pick);

function frameRows(name: string, pick: (sample: Sample) => FrameStats): Row[] {
  return [
    {
      label: `${name}: median frame`,
      cell: (s) =>
        spread(
          of(s, (x) => pick(x).medianFrameMs),
          1,
          ' ms',
        ),
    },
    {
      label: `${name}: p95 frame`,
      cell: (s) =>
        spread(
          of(s, (x) => pick(x).p95FrameMs),
          1,
          ' ms',
        ),
    },
    { label: `${name}: long tasks`, cell: (s) => spread(of(s, (x) => pick(x).longTasks)) },
    {
      label: `${name}: longest task`,
      cell: (s) =>
        spread(
          of(s, (x) => pick(x).longestTaskMs),
          0,
          ' ms',
        ),
    },
  ];
}

function rows(queriesCounted: boolean): Row[] {
  return [
    {
      label: 'first clusters (after navigation)',
      cell: (s) =>
        spread(
          of(s, (x) => x.firstClustersMs),
          0,
          ' ms',
        ),
    },
    {
      label: 'all counted',
      cell: (s) =>
        spread(
          of(s, (x) => x.allCountedMs),
          0,
          ' ms',
        ),
    },
    {
      label: 'JS before 1st tile (gzipped)',
      cell: (s) =>
        spread(
          of(s, (x) => x.jsBeforeTileKb),
          1,
          ' KB',
        ),
    },
    {
      label: "start-up blocking (long tasks' time over 50 ms)",
      cell: (s) =>
        spread(
          of(s, (x) => x.startBlockingMs),
          0,
          ' ms',
        ),
    },
    { label: 'start-up long tasks', cell: (s) => spread(of(s, (x) => x.startLongTasks)) },
    {
      label: 'start-up longest task',
      cell: (s) =>
        spread(
          of(s, (x) => x.startLongestMs),
          0,
          ' ms',
        ),
    },
    ...frameRows('pan', (x) => x.pan),
    {
      label: 'JS heap after 10 drags',
      cell: (s) =>
        spread(
          of(s, (x) => x.heapMb),
          1,
          ' MB',
        ),
    },
    ...(queriesCounted
      ? [
          {
            label: 'server queries still running (each run)',
            cell: (s: Sample[]) => of(s, (x) => x.runningQueries).join(', '),
          },
        ]
      : []),
    ...frameRows('zoom', (x) => x.zoom),
    {
      label: `city view (z ${CITY_ZOOM}): API answers`,
      cell: (s) =>
        spread(
          of(s, (x) => x.cityKb),
          1,
          ' KB',
        ),
    },
    { label: 'city view: requests', cell: (s) => spread(of(s, (x) => x.cityRequests)) },
    {
      label: 'city view: header / spots in view',
      cell: (s) => s.map((x) => `${x.cityHeader}/${x.cityInView}`).join(', '),
    },
    { label: 'a small pan then asked', cell: (s) => of(s, (x) => x.smallPanRequests).join(', ') },
  ];
}

/** The table: a row for each figure, a column for each build (`queriesCounted` on PostgreSQL). */
export function printTable(builds: Array<{ name: string; samples: Sample[] }>, queriesCounted: boolean) {
  const table = rows(queriesCounted).map((row) => [row.label, ...builds.map((build) => row.cell(build.samples))]);
  const header = ['figure', ...builds.map((build) => build.name)];
  const widths = header.map((_, column) => Math.max(...[header, ...table].map((line) => line[column]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd();
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const cells of table) console.log(line(cells));
}
