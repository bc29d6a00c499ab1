import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div<{ $minWidth: string }>`
  max-width: 100%;
  overflow-x: auto;
  /* The keyboard scrolls the box once it has focus; the ring shows where that is. */
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  > table {
    min-width: ${({ $minWidth }) => $minWidth};
  }
`;

export interface TableScrollProps {
  /** What the table is, read by a screen reader when the box takes focus. */
  label: string;
  /** Below this width the table scrolls inside the box instead of squeezing its columns to a word a line. */
  minWidth?: string;
  children: ReactNode;
}

/**
 * A wide table on a narrow screen: it scrolls sideways inside its own box, its header row kept on top of its
 * columns, while the page itself never scrolls sideways. The box is a labelled region in the tab order so a
 * keyboard user can scroll it too.
 */
export function TableScroll({ label, minWidth = '36rem', children }: TableScrollProps) {
  return (
    <Box $minWidth={minWidth} role="region" aria-label={label} tabIndex={0}>
      {children}
    </Box>
  );
}
