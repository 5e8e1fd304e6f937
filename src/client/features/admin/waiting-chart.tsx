import { useId } from 'react';
import type { WaitingWeek } from '../../../shared/schemas/admin-waiting';
import { formatDate, formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { chartHours, formatShare, formatWait, NoFigure } from './waiting-format';

/** The drawing's own units: at its smallest it is drawn at this size, one unit a CSS pixel, so the text stays 12 px. */
const COLUMN = 44;
const LEFT = 16;
const WIDTH = LEFT * 2 + COLUMN * 12;
const TOP = 28;
const PLOT = 140;
const BASE = TOP + PLOT;
const HEIGHT = BASE + 52;
const BAR = 26;

/** "16/3": the Monday of a week, as both languages write a short date. */
const shortDate = (weekStart: string) => {
  const [, month, day] = weekStart.split('-').map(Number);
  return `${day}/${month}`;
};

/**
 * Bars of the median hours to a person's first answer, each with its figure written above it, and under each
 * week's date the share answered within 24 hours as text: nothing is told by colour alone. The last week is still
 * going, so its bar is striped.
 */
function WeeksChart({ weeks }: { weeks: WaitingWeek[] }) {
  const { t, locale } = useTranslation();
  const stripes = `waiting-stripes-${useId().replace(/[^\w-]/g, '')}`;
  const bars = weeks.map((week) => ({
    week,
    value: week.medianMinutes === null ? null : chartHours(week.medianMinutes),
  }));
  const top = Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  return (
    <svg
      role="img"
      aria-label={t('admin.waiting.chartLabel')}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full min-w-[35rem] text-brand-700"
    >
      <defs>
        <pattern
          id={stripes}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="white" />
          <line x1="0" y1="0" x2="0" y2="6" stroke="currentColor" strokeWidth="3" />
        </pattern>
      </defs>
      <line x1={LEFT} x2={WIDTH - LEFT} y1={BASE} y2={BASE} className="stroke-slate-500" />
      {bars.map(({ week, value }, i) => {
        const centre = LEFT + COLUMN * i + COLUMN / 2;
        const height = value === null ? 0 : Math.max(value > 0 ? 2 : 0, (value / top) * PLOT);
        const current = i === weeks.length - 1;
        return (
          <g key={week.weekStart}>
            {value !== null && (
              <rect
                x={centre - BAR / 2}
                y={BASE - height}
                width={BAR}
                height={height}
                fill={current ? `url(#${stripes})` : 'currentColor'}
                stroke="currentColor"
              />
            )}
            <text
              x={centre}
              y={BASE - height - 6}
              textAnchor="middle"
              fontSize="12"
              className="fill-slate-900"
            >
              {value === null ? '–' : formatNumber(value, locale)}
            </text>
            <text x={centre} y={BASE + 18} textAnchor="middle" fontSize="12" className="fill-slate-700">
              {shortDate(week.weekStart)}
            </text>
            <text
              x={centre}
              y={BASE + 38}
              textAnchor="middle"
              fontSize="12"
              fontStyle="italic"
              className="fill-slate-900"
            >
              {week.within24h === null ? '–' : formatShare(week.within24h, t, locale)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The same figures as the chart, for screen readers and anyone who reads numbers better than bars. */
function WeeksTable({ weeks }: { weeks: WaitingWeek[] }) {
  const { t, locale } = useTranslation();
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-2 text-left font-medium text-slate-800">
        {t('admin.waiting.weeksCaption')}
      </caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-slate-700">
          <th scope="col" className="py-1 pr-2 font-semibold">
            {t('admin.waiting.week')}
          </th>
          <th scope="col" className="px-2 py-1 text-right font-semibold">
            {t('admin.waiting.asked')}
          </th>
          <th scope="col" className="px-2 py-1 text-right font-semibold">
            {t('admin.waiting.median')}
          </th>
          <th scope="col" className="py-1 pl-2 text-right font-semibold">
            {t('admin.waiting.within24h')}
          </th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {weeks.map((week) => (
          <tr key={week.weekStart} className="border-b border-slate-200">
            <th scope="row" className="py-1 pr-2 text-left font-normal">
              {formatDate(week.weekStart, locale)}
            </th>
            <td className="px-2 py-1 text-right">{formatNumber(week.asked, locale)}</td>
            <td className="px-2 py-1 text-right">
              {week.medianMinutes === null ? <NoFigure /> : formatWait(week.medianMinutes, t, locale)}
            </td>
            <td className="py-1 pl-2 text-right">
              {week.within24h === null ? <NoFigure /> : formatShare(week.within24h, t, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The last 12 weeks: the chart, scrolling within its own box on a narrow screen, and its table beside it. */
export function WaitingWeeks({ weeks }: { weeks: WaitingWeek[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <figure className="min-w-0">
        <div
          role="region"
          aria-label={t('admin.waiting.chartRegion')}
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-2"
        >
          <WeeksChart weeks={weeks} />
        </div>
        <figcaption className="mt-2 text-sm text-slate-700">{t('admin.waiting.chartLegend')}</figcaption>
      </figure>
      <div className="min-w-0">
        <WeeksTable weeks={weeks} />
      </div>
    </div>
  );
}
