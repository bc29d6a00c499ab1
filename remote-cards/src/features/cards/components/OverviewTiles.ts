/** The overview's figure tiles: a `dl` grid, each tile a term and its value. */
import styled from 'styled-components';
import { autoFitGrid } from '@loyalty/shared';

export const TileGrid = styled.dl`
  ${autoFitGrid('10rem')}
  margin: 0 0 ${({ theme }) => theme.space.lg};
`;

export const Tile = styled.div`
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  dd { margin: ${({ theme }) => theme.space.xs} 0 0; font-size: ${({ theme }) => theme.fontSizes.xl}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  dd + dd { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: normal; color: ${({ theme }) => theme.colors.textMuted}; }
`;
