import styled from 'styled-components';

/** The layout both campaign dialogs (create, send) use: a form of stacked fields, a channel fieldset, an error line and the buttons. */
export const ModalForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Channels = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

export const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
