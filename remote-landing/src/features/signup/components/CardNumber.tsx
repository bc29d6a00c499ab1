/**
 * A card's number ('LC-75901341') in a sentence: kept on one line, never broken at its hyphen (on the
 * signup result and on the customer's page /my-card).
 */
import styled from 'styled-components';

export const CardNumber = styled.span`
  white-space: nowrap;
`;
