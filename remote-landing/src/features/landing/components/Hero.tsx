import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@loyalty/shared';
import { ButtonLink } from './layout';
import { SECTORS } from '../model/sectors';

const HeroRoot = styled.div`
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.primarySoft}, ${({ theme }) => theme.colors.background});
`;

const HeroGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  max-width: 72rem;
  min-height: calc(100vh - 4rem);
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  ${media.lg} { grid-template-columns: 1.2fr 1fr; }

  h1 { margin: 0 0 ${({ theme }) => theme.space.md}; font-size: clamp(2rem, 5vw, 3rem); line-height: 1.15; }
`;

const Claim = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  strong { color: ${({ theme }) => theme.colors.primary}; }
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Headline, the 20 % / 6 months claim, sector tags and the two calls to action; `aside` is the login box. */
export function Hero({ aside }: { aside: ReactNode }) {
  return (
    <HeroRoot>
      <HeroGrid>
        <div>
          <h1>Carte fedeltà digitali che fanno tornare i tuoi clienti</h1>
          <Claim>
            I negozi che usano le nostre carte fedeltà aumentano il fatturato in media del <strong>20%</strong> in meno di{' '}
            <strong>6 mesi</strong>.
          </Claim>
          <Tags aria-label="Settori">
            {SECTORS.map((sector) => (
              <li key={sector}>{sector}</li>
            ))}
          </Tags>
          <Actions>
            <ButtonLink href="#login">Inizia ora</ButtonLink>
            <ButtonLink href="#features" $variant="secondary">
              Scopri di più
            </ButtonLink>
          </Actions>
        </div>
        {aside}
      </HeroGrid>
    </HeroRoot>
  );
}
