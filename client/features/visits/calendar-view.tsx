// The fruiting calendar drawn: a small SVG grid (months across, years down) with its legend, both hidden from
// screen readers, which read the same in a real table instead.
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CalendarYear, MonthState } from './fruiting-calendar.ts';

const CELL = 22;
const GAP = 3;
const LABEL_W = 40;
const HEAD_H = 16;
const FILL: Record<MonthState, string> = { found: '#15803d', nothing: '#fff', none: '#e7e5e4' };

export function CalendarView({ rows, caption }: { rows: CalendarYear[]; caption: string }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return <p className="text-sm text-stone-700">{t('calendar.empty')}</p>;
  const monthName = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, index) => monthName.format(new Date(Date.UTC(2026, index, 15))));
  const stateText: Record<MonthState, string> = {
    found: t('calendar.found'),
    nothing: t('calendar.nothing'),
    none: t('calendar.none'),
  };
  const width = LABEL_W + 12 * (CELL + GAP);
  const height = HEAD_H + rows.length * (CELL + GAP);

  return (
    <figure className="space-y-2">
      <div aria-hidden="true" className="overflow-x-auto">
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="max-w-none">
          {months.map((_, month) => (
            <text
              key={month}
              x={LABEL_W + month * (CELL + GAP) + CELL / 2}
              y={11}
              fontSize="10"
              textAnchor="middle"
              fill="#44403c"
            >
              {month + 1}
            </text>
          ))}
          {rows.map((row, index) => {
            const y = HEAD_H + index * (CELL + GAP);
            return (
              <g key={row.year}>
                <text x={0} y={y + CELL / 2 + 4} fontSize="11" fill="#1c1917">
                  {row.year}
                </text>
                {row.months.map((state, month) => (
                  <Cell key={month} x={LABEL_W + month * (CELL + GAP)} y={y} state={state} />
                ))}
              </g>
            );
          })}
        </svg>
        <p className="mt-1 flex flex-wrap gap-3 text-xs text-stone-700">
          {(['found', 'nothing', 'none'] as const).map((state) => (
            <span key={state} className="inline-flex items-center gap-1">
              <svg width="14" height="14" viewBox={`0 0 ${CELL} ${CELL}`}>
                <Cell x={0} y={0} state={state} />
              </svg>
              {stateText[state]}
            </span>
          ))}
        </p>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('calendar.year')}</th>
            {months.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.year}>
              <th scope="row">{row.year}</th>
              {row.months.map((state, month) => (
                <td key={month}>{stateText[state]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Found: a filled green square; nothing: a white square with a cross, so it reads without colour; no visit: pale. */
function Cell({ x, y, state }: { x: number; y: number; state: MonthState }) {
  return (
    <g>
      <rect
        x={x + 0.5}
        y={y + 0.5}
        width={CELL - 1}
        height={CELL - 1}
        rx={3}
        fill={FILL[state]}
        stroke={state === 'none' ? 'none' : '#57534e'}
      />
      {state === 'nothing' && (
        <path
          d={`M${x + 7} ${y + 7}L${x + CELL - 7} ${y + CELL - 7}M${x + CELL - 7} ${y + 7}L${x + 7} ${y + CELL - 7}`}
          stroke="#57534e"
          strokeWidth="2"
        />
      )}
    </g>
  );
}
