import styled from 'styled-components';
import { Spinner } from '@loyalty/shared';
import { routeFor } from '../../../shared/routeTable';

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xs};
`;

/** The screen's heading as its page writes it: the sidebar's label (every sidebar page is titled so), else none. */
export const screenHeading = (pathname: string): string | null => routeFor(pathname)?.nav?.label ?? null;

/**
 * A dashboard screen before its page: its heading and a spinner. Written into the shell's HTML at build time inside
 * the frame (tools/src/prerender.ts `prerenderShellFrames`) and shown by React while the stored session is checked, so the frame
 * and the heading are painted from the HTML and stay where they are until the page replaces this.
 */
export function ScreenPlaceholder({ pathname }: { pathname: string }) {
  const heading = screenHeading(pathname);
  return (
    <>
      {heading && <Heading>{heading}</Heading>}
      {/* Busy until the page replaces it: assistive technologies (and tests waiting for a settled screen) know the
          heading painted from the HTML is not yet the screen. */}
      <div aria-busy="true">
        <Spinner label="Caricamento della pagina…" />
      </div>
    </>
  );
}
