import { useState } from 'react';
import styled from 'styled-components';
import { Card, Navigate, Spinner, useGetPublicBusinessQuery, useSearchParams } from '@loyalty/shared';
import { isResent, type CardSignupResponse } from '../api';
import { SiteFooter } from '../../../shared/components/SiteFooter';
import { LoyaltyCardResult } from './LoyaltyCardResult';
import { SignupForm } from './SignupForm';
import { SignupResent } from './SignupResent';

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

/** `/loyalty-cards/create?business_id=…` (SPEC §2): a customer asks a shop for a loyalty card. */
export function CardSignup() {
  const [params] = useSearchParams();
  const businessId = params.get('business_id')?.trim() ?? '';
  const { data: businesses, isLoading, isError } = useGetPublicBusinessQuery(businessId, { skip: !businessId });
  const [answer, setAnswer] = useState<CardSignupResponse | null>(null);

  if (!businessId || isError || businesses?.length === 0) return <Navigate to="/login" replace />;
  if (isLoading || !businesses) {
    return (
      <Page>
        <Spinner label="Caricamento…" size="large" />
      </Page>
    );
  }

  return (
    <>
      <Page>
        <Panel>
          {answer === null ? (
            <>
              <h1>Ottieni la tua Carta Fedeltà</h1>
              <BusinessName>{businesses[0].name}</BusinessName>
              <SignupForm businessId={businessId} onCreated={setAnswer} />
            </>
          ) : isResent(answer) ? (
            <SignupResent answer={answer} />
          ) : (
            <LoyaltyCardResult card={answer} />
          )}
        </Panel>
      </Page>
      <SiteFooter />
    </>
  );
}
