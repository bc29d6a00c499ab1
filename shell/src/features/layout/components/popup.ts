import styled, { css } from 'styled-components';

/** The box a top-bar menu's button and its panel sit in (the business switcher, the user menu). */
export const PopupAnchor = styled.div`
  position: relative;
  /* A flex item of the top bar: it may shrink below its content (the button's label then ellipsizes). */
  min-width: 0;
`;

/** A top-bar menu's button; each menu adds its size and shape. */
export const popupTrigger = css`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

/** The panel under a top-bar menu's button; each menu adds its side and contents. */
export const popupPanel = css`
  position: absolute;
  top: calc(100% + 0.25rem);
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  box-shadow: 0 10px 25px rgba(15, 23, 42, 0.15);
  z-index: 60;
`;
