import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';

/** A form of fields one under the other: the dialogs' forms and the settings sections' forms. */
export const StackedForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** A form's error line: the reason the server gave, in its words (give it `role="alert"`). */
export const FormAlert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** A form's or a dialog's buttons, side by side at its end. */
export const ButtonRow = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface DialogFooterProps {
  /** The server's reason the last submit failed, announced above the buttons. */
  error?: string;
  onCancel: () => void;
  /** The submit button is busy while the request is on its way. */
  loading: boolean;
  disabled?: boolean;
  /** The submit button's label. */
  children: ReactNode;
}

/** A dialog form's last rows: its error, then «Annulla» and the submit button. */
export function DialogFooter({ error, onCancel, loading, disabled, children }: DialogFooterProps) {
  return (
    <>
      {error && <FormAlert role="alert">{error}</FormAlert>}
      <ButtonRow>
        <Button variant="secondary" onClick={onCancel}>
          Annulla
        </Button>
        <Button type="submit" disabled={disabled} loading={loading}>
          {children}
        </Button>
      </ButtonRow>
    </>
  );
}
