import styled from 'styled-components';

/** A landing section: anchors land below the sticky header thanks to scroll-margin. */
export const Section = styled.section`
  max-width: 72rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
  scroll-margin-top: 4.5rem;
`;

export const SectionIntro = styled.div`
  max-width: 40rem;
  margin-bottom: ${({ theme }) => theme.space.xl};
  h2 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.xxl}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** A link that looks like a button (it navigates, so it stays a link for assistive technology). */
export const ButtonLink = styled.a<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 2.75rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.borderStrong : 'transparent')};
  background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.surface : theme.colors.primary)};
  color: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.text : theme.colors.onPrimary)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  &:hover { background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.surfaceMuted : theme.colors.primaryHover)}; }
`;
