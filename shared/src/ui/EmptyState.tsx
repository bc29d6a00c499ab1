import type { ReactNode } from 'react';
import styled from 'styled-components';

const EmptyRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const EmptyMessage = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.text};
`;

export interface EmptyStateProps {
  /** What is missing, e.g. 'Nessuna carta trovata'. */
  message: ReactNode;
  description?: ReactNode;
  /** E.g. a button that creates the first item. */
  action?: ReactNode;
}

export function EmptyState({ message, description, action }: EmptyStateProps) {
  return (
    <EmptyRoot>
      <EmptyMessage>{message}</EmptyMessage>
      {description && <p>{description}</p>}
      {action}
    </EmptyRoot>
  );
}
