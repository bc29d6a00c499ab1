/** The sales report's 12 months as a table: on the overview, and the text form of the spend chart (Analytics). */
import styled from 'styled-components';
import type { SalesReport } from '../api';
import { reportMonthRows } from '../model/salesReport';

const MonthsTable = styled.table`
  width: 100%;
  max-width: 40rem;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption { text-align: left; font-weight: ${({ theme }) => theme.fontWeights.bold}; margin-bottom: ${({ theme }) => theme.space.xs}; }
  th, td { padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th[scope='row'], thead th:first-child { text-align: left; }
  td, thead th { text-align: right; font-variant-numeric: tabular-nums; }
`;

export function ReportMonthsTable({ report }: { report: SalesReport }) {
  return (
    <MonthsTable>
      <caption>Spesa, visite e premi riscattati per mese</caption>
      <thead>
        <tr>
          <th scope="col">Mese</th>
          <th scope="col">Spesa</th>
          <th scope="col">Visite</th>
          <th scope="col">Premi riscattati</th>
        </tr>
      </thead>
      <tbody>
        {reportMonthRows(report).map((row) => (
          <tr key={row.month}>
            <th scope="row">{row.label}</th>
            <td>{row.spend}</td>
            <td>{row.visits}</td>
            <td>{row.redeemed}</td>
          </tr>
        ))}
      </tbody>
    </MonthsTable>
  );
}
