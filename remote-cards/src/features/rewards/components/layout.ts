import styled from 'styled-components';
import { autoFitGrid } from '@loyalty/shared';

/** The Premi screen's own layout (its forms are shared's StackedForm): a row of fields side by side, a section card. */
export const FieldRow = styled.div`
  ${autoFitGrid('10rem')}
  align-items: start;
`;

export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 { margin: 0 0 ${({ theme }) => theme.space.md}; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;
