/**
 * The spinner inside a public page's submit button: in the markup from the start, shown by the page's
 * script while its call runs (it sets `aria-busy` on the form), so no script has to build it.
 */
import styled from 'styled-components';
import { SpinnerGlyph } from '@loyalty/shared';

export const BusySpinner = styled(SpinnerGlyph)`
  form:not([aria-busy='true']) & { display: none; }
`;
