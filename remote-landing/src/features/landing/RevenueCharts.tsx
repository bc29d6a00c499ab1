/**
 * The recharts charts. Only LazyRevenueCharts imports this module, dynamically, so recharts (a shared,
 * non-eager federation library) is fetched when the features section nears the viewport.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from 'styled-components';
import { formatEuro } from '@loyalty/shared';
import { monthlyExtraEarnings, REVENUE_SAMPLE } from './revenueSample';

// ResponsiveContainer measures its parent after mounting; this is the size until then (and in jsdom).
const INITIAL_SIZE = { width: 480, height: 260 };
const CHART_HEIGHT = 260;
/** Axis ticks in thousands of euros, with the Italian decimal comma: '12k', '7,5k'. */
const formatThousands = (value: number) => `${String(value / 1000).replace('.', ',')}k`;

export function RevenueLineChart() {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_SIZE}>
      <LineChart data={[...REVENUE_SAMPLE]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
        <XAxis dataKey="month" />
        <YAxis tickFormatter={formatThousands} width={48} />
        <Tooltip formatter={(value) => formatEuro(Number(value))} />
        <Legend />
        <Line type="monotone" dataKey="revenue" name="Fatturato" stroke={theme.colors.primary} strokeWidth={3} />
        <Line
          type="monotone"
          dataKey="projected"
          name="Fatturato previsto"
          stroke={theme.colors.success}
          strokeWidth={3}
          strokeDasharray="6 4"
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function ExtraEarningsBarChart() {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_SIZE}>
      <BarChart data={monthlyExtraEarnings(REVENUE_SAMPLE)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
        <XAxis dataKey="month" />
        <YAxis tickFormatter={formatThousands} width={48} />
        <Tooltip formatter={(value) => formatEuro(Number(value))} />
        <Bar dataKey="extra" name="Guadagno extra" fill={theme.colors.primary} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
