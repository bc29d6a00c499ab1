import { Link } from 'react-router';
import styled from 'styled-components';
import { OUTBOX_PATH, TEST_MODE_TEXT, useGetMessagingStatusQuery } from './sendOutcome';

const Banner = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSurface};
  color: ${({ theme }) => theme.colors.warning};
  a { color: inherit; font-weight: 600; }
`;

/**
 * On every screen that sends: when the business has no provider (its driver is the outbox) nothing reaches
 * the customers, and the screen says so, with a link to the Outbox where the recorded messages are.
 */
export function TestModeBanner({ businessId }: { businessId: string }) {
  const { currentData } = useGetMessagingStatusQuery(businessId);
  if (currentData?.mode !== 'test') return null;
  return (
    <Banner role="status">
      {TEST_MODE_TEXT}. I messaggi sono registrati nella <Link to={OUTBOX_PATH}>Posta in uscita</Link>.
    </Banner>
  );
}
