/**
 * The e-mail already has a card at this shop but the visitor did not prove to hold it: no card and no
 * number on screen, only the shop and the server's sentence saying the card went again to the contacts on
 * file (the page's script writes both), and the customer's page, which opens only through a link sent to
 * the card's own contact.
 */
import styled from 'styled-components';
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

export function SignupResent() {
  return (
    <div hidden data-signup-view="resent">
      <ResentResult>
        <h1 tabIndex={-1}>Carta già richiesta</h1>
        <ResentBusinessName data-resent-business />
        <p data-resent-message />
        <MyCardLink view="resent" />
      </ResentResult>
    </div>
  );
}
