/** The signup page's frame: the centred panel, its heading style and the shop's name under it. */
import styled from 'styled-components';
import { Card } from '@loyalty/shared';

export const Page = styled.main`
  display: flex;
  justify-content: center;
  min-height: 100vh;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
`;

export const Panel = styled(Card)`
  width: 100%;
  max-width: 28rem;
  align-self: flex-start;
  h1 { margin: 0 0 ${({ theme }) => theme.space.xs}; font-size: ${({ theme }) => theme.fontSizes.xl}; text-align: center; }
`;

export const BusinessName = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
