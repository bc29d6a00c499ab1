import styled from 'styled-components';

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
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  margin-bottom: ${({ theme }) => theme.space.md};
`;
