// The figures of `npm run bench:map` (scripts/bench-map.ts), one build's runs at a time: each figure's median with
// the lowest and highest of the runs.
import { CITY_ZOOM } from './city.ts';
import { median, type FrameStats } from './page.ts';
import type { Sample } from './run.ts';

/** The median and, in brackets, the lowest and highest of the runs. */
function spread(values: number[], digits = 0, unit = '') {
  const show = (value: number) => value.toFixed(digits) + unit;
  return `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;
}

/** One build's figures, under its name; `queriesCounted` on PostgreSQL, where the server's queries are seen. */
export function printSamples(name: string, all: Sample[], queriesCounted: boolean) {
  const of = <T>(pick: (sample: Sample) => T) => all.map(pick);
  const frames = (pick: (sample: Sample) => FrameStats) =>
    `median frame ${spread(
      of((s) => pick(s).medianFrameMs),
      1,
      ' ms',
    )}, p95 ${spread(
      of((s) => pick(s).p95FrameMs),
      1,
      ' ms',
    )}, ` +
    `long tasks ${spread(of((s) => pick(s).longTasks))} (longest ${spread(
      of((s) => pick(s).longestTaskMs),
      0,
      ' ms',
    )})`;
  console.log(`  ${name}`);
  console.log(
    `    first clusters      ${spread(
      of((s) => s.firstClustersMs),
      0,
      ' ms',
    )} after navigation`,
  );
  console.log(
    `    all counted         ${spread(
      of((s) => s.allCountedMs),
      0,
      ' ms',
    )}`,
  );
  console.log(
    `    JS before 1st tile  ${spread(
      of((s) => s.jsBeforeTileKb),
      1,
      ' KB',
    )} gzipped`,
  );
  console.log(
    `    start-up blocking   ${spread(
      of((s) => s.startBlockingMs),
      0,
      ' ms',
    )} (long tasks' time over 50 ms, navigation to all counted), long tasks ${spread(
      of((s) => s.startLongTasks),
    )} (longest ${spread(
      of((s) => s.startLongestMs),
      0,
      ' ms',
    )})`,
  );
  console.log(`    pan                 ${frames((s) => s.pan)}`);
  console.log(
    `    after 10 drags      JS heap ${spread(
      of((s) => s.heapMb),
      1,
      ' MB',
    )}` +
      (queriesCounted ? `; server queries still running: ${of((s) => s.runningQueries).join(', ')} (each run)` : ''),
  );
  console.log(`    zoom                ${frames((s) => s.zoom)}`);
  console.log(
    `    city view (z ${CITY_ZOOM})    ${spread(
      of((s) => s.cityKb),
      1,
      ' KB',
    )} of API answers in ${spread(of((s) => s.cityRequests))} requests; ` +
      `header ${of((s) => s.cityHeader).join(', ')} against ${of((s) => s.cityInView).join(', ')} spots in view; ` +
      `a small pan then asked ${of((s) => s.smallPanRequests).join(', ')}`,
  );
}
