/**
 * The Analytics tab's recharts charts. Only OverviewScreen imports this module, with React.lazy, so
 * recharts (a shared, non-eager federation library) is fetched when the tab is opened.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import { VisuallyHidden, formatCount, formatMonthShort, formatPoints } from '@loyalty/shared';
import type { CardStats, SalesReport } from '../api';
import { formatCents } from '../model/money';
import { hasActivity } from '../model/salesReport';
import { bucketOrder, monthSeries, pointsBuckets, yAxisWidth } from '../model/stats';
import { ReportMonthsTable } from './ReportMonthsTable';

// ResponsiveContainer measures its parent after mounting; this is the size until then (and in jsdom).
const INITIAL_SIZE = { width: 480, height: 260 };
const CHART_HEIGHT = 260;
const CARDS = { one: 'carta', other: 'carte' };

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
`;

const Figure = styled.figure`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  figcaption { font-weight: ${({ theme }) => theme.fontWeights.bold}; margin-bottom: ${({ theme }) => theme.space.sm}; }
`;

/** `report`: the sales report (decision 079), when loaded; its spend chart shows once there is a sale. */
export default function AnalyticsCharts({ stats, report, now = new Date() }: { stats: CardStats; report?: SalesReport; now?: Date }) {
  const theme = useTheme();
  const buckets = pointsBuckets(stats.buckets);
  const months = monthSeries(stats.months, now);
  const sliceColors = [theme.colors.borderStrong, theme.colors.primary, theme.colors.success, theme.colors.warning];
  return (
    <Grid>
      <Figure aria-label="Distribuzione dei punti">
        <figcaption>Distribuzione dei punti</figcaption>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_SIZE}>
          <PieChart>
            <Pie data={buckets} dataKey="cards" nameKey="bucket" outerRadius={90} label isAnimationActive={false}>
              {buckets.map((slice, index) => (
                <Cell key={slice.bucket} fill={sliceColors[index]} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => [formatCount(Number(value), CARDS), 'Carte']} />
            <Legend itemSorter={bucketOrder} />
          </PieChart>
        </ResponsiveContainer>
      </Figure>
      <Figure aria-label="Nuove carte e premi riscattati per mese">
        <figcaption>Nuove carte e premi riscattati per mese</figcaption>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_SIZE}>
          <BarChart data={months} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
            <XAxis dataKey="label" />
            <YAxis
              allowDecimals={false}
              width={yAxisWidth(Math.max(...months.map((m) => Math.max(m.newCards, m.redeemedRewards))), formatCount)}
              tickFormatter={(value: number) => formatCount(value)}
            />
            <Tooltip formatter={(value) => formatCount(Number(value))} />
            <Legend />
            <Bar dataKey="newCards" name="Nuove carte" fill={theme.colors.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="redeemedRewards" name="Premi riscattati" fill={theme.colors.warning} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Figure>
      <Figure aria-label="Punti per mese">
        <figcaption>Punti per mese</figcaption>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_SIZE}>
          <LineChart data={months} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
            <XAxis dataKey="label" />
            <YAxis width={yAxisWidth(Math.max(...months.map((m) => m.points)), formatPoints)} tickFormatter={(value: number) => formatPoints(value)} />
            <Tooltip formatter={(value) => formatPoints(Number(value))} />
            <Line type="monotone" dataKey="points" name="Punti" stroke={theme.colors.success} strokeWidth={3} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </Figure>
      {report && hasActivity(report) && (
        <Figure aria-label="Spesa per mese">
          <figcaption>Spesa per mese</figcaption>
          {/* Drawn for the eyes; screen readers get the same months as a table. */}
          <div aria-hidden="true">
            <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_SIZE}>
              {/* No keyboard layer: a focusable chart inside aria-hidden would be reached by Tab and read as nothing. */}
              <BarChart
                accessibilityLayer={false}
                data={report.months.map((m) => ({ label: formatMonthShort(m.month), spend: m.spend_cents }))}
                margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
                <XAxis dataKey="label" />
                <YAxis width={yAxisWidth(Math.max(...report.months.map((m) => m.spend_cents)), formatCents)} tickFormatter={(cents: number) => formatCents(cents)} />
                <Tooltip formatter={(cents) => formatCents(Number(cents))} />
                <Bar dataKey="spend" name="Spesa" fill={theme.colors.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <VisuallyHidden>
            <ReportMonthsTable report={report} />
          </VisuallyHidden>
        </Figure>
      )}
    </Grid>
  );
}
