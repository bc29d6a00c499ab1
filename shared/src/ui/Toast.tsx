import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '../messages';

export type ToastKind = 'success' | 'error';

const ToastRoot = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  min-width: 16rem;
  max-width: 28rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 4px solid
    ${({ theme, $kind }) => ($kind === 'success' ? theme.colors.success : theme.colors.danger)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
`;

const ToastMessage = styled.p`
  flex: 1;
  margin: 0;
`;

const DismissButton = styled.button`
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 0;
  background: transparent;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

export interface ToastProps {
  kind: ToastKind;
  children: ReactNode;
  onDismiss: () => void;
}

/** Successes are announced politely; errors interrupt (role="alert" is assertive). */
export function Toast({ kind, children, onDismiss }: ToastProps) {
  const liveRegion =
    kind === 'success'
      ? ({ role: 'status', 'aria-live': 'polite' } as const)
      : ({ role: 'alert' } as const);
  return (
    <ToastRoot $kind={kind} {...liveRegion}>
      <ToastMessage>{children}</ToastMessage>
      <DismissButton type="button" aria-label={MESSAGES.close} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </DismissButton>
    </ToastRoot>
  );
}
