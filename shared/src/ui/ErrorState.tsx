import styled from 'styled-components';
import { MESSAGES } from '../messages';
import { Button } from './Button';

const ErrorRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
  color: ${({ theme }) => theme.colors.danger};
`;

const ErrorText = styled.p`
  margin: 0;
`;

export interface ErrorStateProps {
  /** Italian message; defaults to a generic one. */
  message?: string;
  /** When given, a 'Riprova' button calls it. */
  onRetry?: () => void;
}

export function ErrorState({ message = MESSAGES.genericError, onRetry }: ErrorStateProps) {
  return (
    <ErrorRoot role="alert">
      <ErrorText>{message}</ErrorText>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {MESSAGES.retry}
        </Button>
      )}
    </ErrorRoot>
  );
}
