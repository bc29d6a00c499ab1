import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * The cue that the table goes on past an edge of the box: a shadow on each side that has more columns, gone when
 * that side is reached (the covering gradients scroll with the content, the shadows stay with the box). On a
 * phone the columns past the edge were otherwise hidden with nothing saying so.
 */
const Box = styled.div<{ $minWidth: string }>`
  max-width: 100%;
  overflow-x: auto;
  background:
    linear-gradient(to right, ${({ theme }) => theme.colors.surface} 30%, transparent) left center / 2rem 100% no-repeat local,
    linear-gradient(to left, ${({ theme }) => theme.colors.surface} 30%, transparent) right center / 2rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgb(15 23 42 / 0.3), transparent) left center / 0.75rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgb(15 23 42 / 0.3), transparent) right center / 0.75rem 100% no-repeat scroll;
  background-color: ${({ theme }) => theme.colors.surface};
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
 * columns, shadows at the edges that hide more, while the page itself never scrolls sideways. The box is a labelled region in the tab order so a
 * keyboard user can scroll it too.
 */
export function TableScroll({ label, minWidth = '36rem', children }: TableScrollProps) {
  return (
    <Box $minWidth={minWidth} role="region" aria-label={label} tabIndex={0}>
      {children}
    </Box>
  );
}
