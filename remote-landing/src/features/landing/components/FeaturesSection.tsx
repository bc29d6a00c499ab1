import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, VisuallyHidden, formatEuro, media } from '@loyalty/shared';
import { monthlyExtraEarnings, REVENUE_SAMPLE } from '../model/revenueSample';
import { ExtraEarningsBarChart, RevenueLineChart } from './RevenueCharts';
import { Section, SectionIntro } from './layout';

const FEATURES = [
  { title: 'Carte fedeltà digitali', text: 'I clienti ottengono la carta dal telefono, con un codice QR da mostrare in cassa.' },
  { title: 'Punti e bonus automatici', text: 'Aggiungi punti con una scansione; al raggiungimento della soglia il bonus parte da solo.' },
  { title: 'Campagne WhatsApp, SMS ed Email', text: 'Invia promozioni mirate ai clienti che hanno dato il consenso.' },
  { title: 'Statistiche chiare', text: 'Carte attive, punti e nuove adesioni mese per mese.' },
];

const FeatureList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.xl};
  padding: 0;
  list-style: none;
  ${media.md} { grid-template-columns: repeat(2, 1fr); }
  ${media.lg} { grid-template-columns: repeat(4, 1fr); }
  h3 { margin: 0 0 ${({ theme }) => theme.space.xs}; font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Charts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.lg} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Figure = styled.figure`
  margin: 0;
  figcaption { font-weight: 600; margin-bottom: ${({ theme }) => theme.space.sm}; }
`;

const ChartArea = styled.div`
  height: 260px;
  display: flex;
  align-items: center;
  justify-content: center;
  > * { flex: 1; }
`;

function ChartFigure({ caption, table, children }: { caption: string; table: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <Figure>
        <figcaption>{caption}</figcaption>
        {/* The chart is drawn for the eyes; screen readers get the same numbers as a table. */}
        <ChartArea aria-hidden="true" data-testid="chart-area">
          {children}
        </ChartArea>
        <VisuallyHidden>{table}</VisuallyHidden>
      </Figure>
    </Card>
  );
}

function SampleTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">{header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([month, ...values]) => (
          <tr key={month}>
            <th scope="row">{month}</th>
            {values.map((value, i) => (
              <td key={headers[i + 1]}>{value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FeaturesSection() {
  return (
    <Section id="features" aria-labelledby="features-title">
      <SectionIntro>
        <h2 id="features-title">Funzionalità</h2>
        <p>Tutto quello che serve per far tornare i clienti, in un&apos;unica dashboard.</p>
      </SectionIntro>
      <FeatureList>
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <Card>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </Card>
          </li>
        ))}
      </FeatureList>
      <Charts>
        <ChartFigure
          caption="Fatturato mensile: reale e previsto (esempio, gennaio–giugno)"
          table={
            <SampleTable
              caption="Fatturato mensile di esempio"
              headers={['Mese', 'Fatturato', 'Fatturato previsto']}
              rows={REVENUE_SAMPLE.map((row) => [row.month, formatEuro(row.revenue), formatEuro(row.projected)])}
            />
          }
        >
          <RevenueLineChart />
        </ChartFigure>
        <ChartFigure
          caption="Guadagno extra mensile rispetto a gennaio (esempio)"
          table={
            <SampleTable
              caption="Guadagno extra mensile di esempio"
              headers={['Mese', 'Guadagno extra']}
              rows={monthlyExtraEarnings(REVENUE_SAMPLE).map((row) => [row.month, formatEuro(row.extra)])}
            />
          }
        >
          <ExtraEarningsBarChart />
        </ChartFigure>
      </Charts>
    </Section>
  );
}
