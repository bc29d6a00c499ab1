import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { SignupResentAnswer } from '../api';
import { MyCardLink } from './MyCardLink';

export const ResentResult = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  h1:focus { outline: none; }
  p { margin: 0; }
`;

export const ResentBusinessName = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

/**
 * The e-mail already has a card at this shop but the visitor did not prove to hold it (issue 16): no card
 * and no number on screen, only the server's sentence saying the card went again to the contacts on file.
 */
export function SignupResent({ answer }: { answer: SignupResentAnswer }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The form was replaced by this answer: tell screen-reader and keyboard users where they are.
    headingRef.current?.focus();
  }, []);

  return (
    <ResentResult>
      <h1 ref={headingRef} tabIndex={-1}>
        Carta già richiesta
      </h1>
      <ResentBusinessName>{answer.business_name}</ResentBusinessName>
      <p>{answer.message}</p>
      {/* Issue 22: the customer's page opens only through a link sent to the card's contact, so it shows nothing to a stranger. */}
      <MyCardLink view="resent" />
    </ResentResult>
  );
}
