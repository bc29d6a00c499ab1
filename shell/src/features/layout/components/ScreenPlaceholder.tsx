import styled from 'styled-components';
import { Button, Field, FilterBar, SCREEN_HEADS, ScreenHeader, type ScreenHead, Select, Spinner, TextField } from '@loyalty/shared';
import { routeFor } from '../../../shared/routeTable';

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xs};
`;

const Column = styled.div<{ $width: string }>`
  max-width: ${({ $width }) => $width};
  margin: 0 auto;
`;

/**
 * A dashboard screen before its page: its heading as its page writes it (the sidebar's label, every sidebar page is
 * titled so; else the route's placeholder heading; else none), the screen's head where the route names one, and a
 * spinner. Written into the shell's HTML at build time inside the frame (tools/src/prerender.ts
 * `prerenderShellFrames`) and shown by React while the stored session is checked, so the frame and the heading are
 * painted from the HTML and stay where they are until the page replaces this.
 */
export function ScreenPlaceholder({ pathname }: { pathname: string }) {
  const route = routeFor(pathname);
  const heading = route?.nav?.label ?? route?.placeholder?.heading ?? null;
  // Decision 093: a page that writes shared's screen head first gets it here, laid out as the page lays it out
  // (the title row with its main action, disabled as the page's is until the shop is known; the lead or the
  // search under it).
  const head: ScreenHead | null = route?.placeholder?.head ? SCREEN_HEADS[route.placeholder.head] : null;
  const search = head?.search;
  const content = (
    <>
      {head ? (
        <>
          <ScreenHeader>
            {heading && <h1>{heading}</h1>}
            {head.action && <Button disabled>{head.action}</Button>}
          </ScreenHeader>
          {head.lead && <p>{head.lead}</p>}
          {/* Decision 094: the screen's search and filter, first under the title row; disabled until the page
              replaces them (nothing typed here could be lost: it cannot be typed). */}
          {search && (
            <FilterBar>
              <TextField label={search.label} type="search" disabled />
              <Field label={search.filter.label}>
                {(control) => (
                  <Select {...control} disabled>
                    {search.filter.options.map((option) => (
                      <option key={option.value} value={option.value}>{option.label}</option>
                    ))}
                  </Select>
                )}
              </Field>
            </FilterBar>
          )}
        </>
      ) : (
        heading && <Heading>{heading}</Heading>
      )}
      {/* Busy until the page replaces it: assistive technologies (and tests waiting for a settled screen) know the
          heading painted from the HTML is not yet the screen. */}
      <div aria-busy="true">
        <Spinner label="Caricamento della pagina…" />
      </div>
    </>
  );
  // A page laid out as one centred column: the heading where the page will write it.
  const column = route?.placeholder?.column;
  return column ? <Column $width={column}>{content}</Column> : content;
}
