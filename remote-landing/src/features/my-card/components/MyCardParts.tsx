/**
 * The styled pieces of the customer's page `/my-card` (decision 049). The page is rendered at build time
 * (src/exposed/prerender/StaticMyCardPage.tsx) and driven by a small script; every state the script shows is
 * styled here by element and attribute (never by a prop that changes at run time), so all the CSS is in the
 * server style sheet.
 */
import styled from 'styled-components';
import { Card } from '@loyalty/shared';

export const Page = styled.main`
  display: flex;
  justify-content: center;
  min-height: 100vh;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.sm}`};
`;

export const Panel = styled(Card)`
  width: 100%;
  max-width: 40rem;
  align-self: flex-start;
  min-width: 0;
  h1 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.xl}; }
  h1:focus { outline: none; }
  p { margin: 0 0 ${({ theme }) => theme.space.sm}; }
`;

export const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;


/** A sentence the page reads out (role=status): empty until the script writes it. */
export const Status = styled.p`
  margin: 0;
  &:empty { display: none; }
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  &[data-tone='error'] { background: ${({ theme }) => theme.colors.dangerSurface}; color: ${({ theme }) => theme.colors.danger}; }
  &[data-tone='success'] { background: ${({ theme }) => theme.colors.successSurface}; color: ${({ theme }) => theme.colors.success}; }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.md};
  p { margin: 0; overflow-wrap: anywhere; }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** One shop's card. */
export const CardSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.lg} 0;
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  min-width: 0;
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; overflow-wrap: anywhere; }
  h3 { margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs}; font-size: ${({ theme }) => theme.fontSizes.md}; }
  ul { margin: 0 0 ${({ theme }) => theme.space.sm}; padding-left: ${({ theme }) => theme.space.lg}; }
`;

export const Balance = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Warning = styled.p`
  color: ${({ theme }) => theme.colors.warning};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

/** The ledger: a table that scrolls sideways on its own rather than widening the page. */
export const LedgerBox = styled.div`
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  caption { text-align: left; font-weight: ${({ theme }) => theme.fontWeights.medium}; padding-bottom: ${({ theme }) => theme.space.xs}; }
  th, td { text-align: left; padding: ${({ theme }) => `${theme.space.xs} ${theme.space.xxs}`}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  /* The headers are single short words: never broken (at 320 px «Movimento» broke mid-word). */
  th, td:first-child, td:last-child { white-space: nowrap; }
  td:last-child, th:last-child { text-align: right; }
  /* The movement takes what is left and wraps: the table fits a 320 px phone. */
  td:nth-child(2) { width: 100%; overflow-wrap: anywhere; }
  td[data-sign='minus'] { color: ${({ theme }) => theme.colors.danger}; }
  td[data-sign='plus'] { color: ${({ theme }) => theme.colors.success}; }
`;

export const Channels = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  margin: 0 0 ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { padding: 0 ${({ theme }) => theme.space.xs}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

/** The native confirmation dialog (showModal: focus inside, Escape closes, the rest of the page inert). */
export const Dialog = styled.dialog`
  width: min(32rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.space.lg};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
  color: ${({ theme }) => theme.colors.text};
  &::backdrop { background: ${({ theme }) => theme.colors.overlay}; }
  h2 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.lg}; overflow-wrap: anywhere; }
  ul { padding-left: ${({ theme }) => theme.space.lg}; }
  p, ul { margin: 0 0 ${({ theme }) => theme.space.sm}; }
`;
