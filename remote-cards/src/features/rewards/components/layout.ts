import styled from 'styled-components';

/** The Premi screen's forms (the reward dialog, the program settings): stacked fields, an error line, the buttons. */
export const StackedForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const FieldRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  align-items: start;
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

export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 { margin: 0 0 ${({ theme }) => theme.space.md}; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;
