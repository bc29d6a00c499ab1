import styled, { css } from 'styled-components';

/**
 * Boxes side by side, as many per line as fit at `minWidth` each, one under the other on a phone: a form's fields
 * in a row, a list's filters, tiles of figures. The element keeps its other rules (alignment, margins).
 */
export const autoFitGrid = (minWidth: string) => css`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(${minWidth}, 1fr));
`;

/** A screen's title row: its h1 and the screen's main actions, wrapping on a narrow screen. */
export const ScreenHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  h1 { margin: 0; }
`;

/** A list's search box and filters side by side, as many per line as fit. */
export const FilterBar = styled.div`
  ${autoFitGrid('12rem')}
  margin-bottom: ${({ theme }) => theme.space.md};
`;
