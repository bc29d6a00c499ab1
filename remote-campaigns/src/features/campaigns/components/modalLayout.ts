import styled from 'styled-components';

/** The campaign dialogs' (create, send) channel fieldset; the rest of their layout is shared's form layout. */
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
