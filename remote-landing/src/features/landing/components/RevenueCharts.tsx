/**
 * The two sample charts of the landing page, drawn as plain SVG (no chart library): the page is rendered
 * to HTML at build time (tools/src/prerender.ts, docs/decisions/028-prerendered-public-pages.md), and
 * recharts 3 draws nothing on the server (its axes and series appear only after effects run). Six fixed
 * points need no library: a scaled viewBox, a grid, two axes, the series and a legend. The SVG scales to
 * its box; the tick labels have room for "30k" / "22,5k" (recharts' 48 px axis clipped "22.5k" to "2.5k").
 */
import { useTheme } from 'styled-components';
import { monthlyExtraEarnings, REVENUE_SAMPLE } from '../model/revenueSample';

const WIDTH = 480;
const HEIGHT = 260;
/** Room for the tick labels on the left, the month names and the legend below. */
const PLOT = { left: 56, right: 16, top: 12, bottom: 56 };
const TICKS = 4;

/** Axis ticks in thousands of euros, with the Italian decimal comma: '12k', '7,5k'. */
export const formatThousands = (value: number) => `${String(value / 1000).replace('.', ',')}k`;

/** A round top for the axis: 30 000 → 30 000, 13 000 → 16 000 (a multiple of the tick count, in thousands). */
function axisMax(max: number): number {
  const step = 1000 * TICKS;
  return Math.max(step, Math.ceil(max / step) * step);
}

interface Frame {
  x: (index: number) => number;
  y: (value: number) => number;
  band: number;
  ticks: number[];
}

function frameFor(count: number, max: number): Frame {
  const top = axisMax(max);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const band = plotWidth / count;
  return {
    x: (index) => PLOT.left + band * (index + 0.5),
    y: (value) => PLOT.top + plotHeight * (1 - value / top),
    band,
    ticks: Array.from({ length: TICKS + 1 }, (_, i) => (top / TICKS) * i),
  };
}

function Axes({ frame, months }: { frame: Frame; months: string[] }) {
  const theme = useTheme();
  const bottom = frame.y(0);
  return (
    <g fontSize="12" fill={theme.colors.textMuted}>
      {frame.ticks.map((tick) => (
        <g key={tick}>
          <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={frame.y(tick)} y2={frame.y(tick)} stroke={theme.colors.border} strokeDasharray="3 3" />
          <text x={PLOT.left - 8} y={frame.y(tick)} textAnchor="end" dominantBaseline="middle">
            {formatThousands(tick)}
          </text>
        </g>
      ))}
      <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={bottom} y2={bottom} stroke={theme.colors.borderStrong} />
      {months.map((month, index) => (
        <text key={month} x={frame.x(index)} y={bottom + 18} textAnchor="middle">
          {month}
        </text>
      ))}
    </g>
  );
}

function Legend({ items }: { items: { label: string; color: string; dashed?: boolean }[] }) {
  const theme = useTheme();
  const y = HEIGHT - 12;
  let x = PLOT.left;
  return (
    <g fontSize="12" fill={theme.colors.text}>
      {items.map((item) => {
        const start = x;
        x += 40 + item.label.length * 7;
        return (
          <g key={item.label}>
            <line x1={start} x2={start + 18} y1={y} y2={y} stroke={item.color} strokeWidth="3" strokeDasharray={item.dashed ? '6 4' : undefined} />
            <text x={start + 24} y={y} dominantBaseline="middle">
              {item.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const svgProps = { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: '100%', height: '100%', preserveAspectRatio: 'xMidYMid meet', role: 'img' } as const;

export function RevenueLineChart() {
  const theme = useTheme();
  const rows = [...REVENUE_SAMPLE];
  const frame = frameFor(rows.length, Math.max(...rows.map((r) => Math.max(r.revenue, r.projected))));
  const path = (values: number[]) => values.map((v, i) => `${i === 0 ? 'M' : 'L'}${frame.x(i).toFixed(1)},${frame.y(v).toFixed(1)}`).join(' ');
  return (
    <svg {...svgProps} aria-label="Fatturato mensile: reale e previsto" data-chart="revenue">
      <Axes frame={frame} months={rows.map((r) => r.month)} />
      <path d={path(rows.map((r) => r.revenue))} fill="none" stroke={theme.colors.primary} strokeWidth="3" data-series="revenue" />
      <path d={path(rows.map((r) => r.projected))} fill="none" stroke={theme.colors.success} strokeWidth="3" strokeDasharray="6 4" data-series="projected" />
      <Legend
        items={[
          { label: 'Fatturato', color: theme.colors.primary },
          { label: 'Fatturato previsto', color: theme.colors.success, dashed: true },
        ]}
      />
    </svg>
  );
}

export function ExtraEarningsBarChart() {
  const theme = useTheme();
  const rows = monthlyExtraEarnings(REVENUE_SAMPLE);
  const frame = frameFor(rows.length, Math.max(...rows.map((r) => r.extra)));
  const barWidth = frame.band * 0.6;
  return (
    <svg {...svgProps} aria-label="Guadagno extra mensile" data-chart="extra">
      <Axes frame={frame} months={rows.map((r) => r.month)} />
      {rows.map((row, index) => (
        <rect
          key={row.month}
          x={frame.x(index) - barWidth / 2}
          y={frame.y(row.extra)}
          width={barWidth}
          height={frame.y(0) - frame.y(row.extra)}
          rx="4"
          fill={theme.colors.primary}
          data-series="extra"
        />
      ))}
      <Legend items={[{ label: 'Guadagno extra', color: theme.colors.primary }]} />
    </svg>
  );
}
