import styled from 'styled-components';
import type { Theme } from './theme';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const toneColors = (theme: Theme, tone: BadgeTone) =>
  ({
    neutral: { color: theme.colors.text, background: theme.colors.surfaceMuted },
    info: { color: theme.colors.primary, background: theme.colors.primarySoft },
    success: { color: theme.colors.success, background: theme.colors.successSurface },
    warning: { color: theme.colors.warning, background: theme.colors.warningSurface },
    danger: { color: theme.colors.danger, background: theme.colors.dangerSurface },
  })[tone];

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme, $tone = 'neutral' }) => toneColors(theme, $tone).color};
  background: ${({ theme, $tone = 'neutral' }) => toneColors(theme, $tone).background};
`;
