import styled, { css } from 'styled-components';

const controlStyles = css`
  width: 100%;
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }

  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    cursor: not-allowed;
  }
`;

/** Unlabelled text input; prefer TextField, which wires the label and the error text. */
export const Input = styled.input`
  ${controlStyles}
`;

export const Textarea = styled.textarea`
  ${controlStyles}
  resize: vertical;
`;

/** Native select (keyboard and screen-reader support for free); label it with Field. */
export const Select = styled.select`
  ${controlStyles}
`;
