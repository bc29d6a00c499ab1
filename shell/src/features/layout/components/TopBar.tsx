import type { Ref } from 'react';
import styled from 'styled-components';
import { BusinessSwitcher } from './BusinessSwitcher';
import { UserMenu } from './UserMenu';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem 1.5rem;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  position: sticky;
  top: 0;
  z-index: 30;
  @media (max-width: 640px) {
    padding: 0.5rem 0.75rem;
  }
`;

const MenuToggle = styled.button`
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  padding: 0.4rem 0.6rem;
  font-size: 1.1rem;
  cursor: pointer;
  @media (min-width: 1024px) {
    display: none;
  }
`;

/**
 * The business switcher's room: 16rem, or 38% of a phone's width, sized neither by the shop's name nor by the
 * user's menu beside it (which gives way instead), so the parts of the bar keep their places when the user and
 * the businesses arrive after the frame has painted.
 */
const SwitcherSlot = styled.div`
  flex: 0 0 min(16rem, 38vw);
  min-width: 0;
  /* As tall as the switcher's button, which starts at its top whatever it holds: a CI run once saw the button's box
     26 px tall for a moment before its 42 px (a one-shop account at 412 px; not reproduced in 22 runs, at up to 8×
     CPU throttling), which centring moved by 7.6 px. Top-aligned in a room of its height, it cannot move. */
  display: flex;
  align-items: flex-start;
  min-height: 2.625rem;
  /* Its content as wide as the room, as it was as a block. */
  > * { flex: 1 1 auto; min-width: 0; }
`;

const Spacer = styled.div`
  flex: 1;
`;

export function TopBar({ menuOpen, onToggleMenu, toggleRef }: { menuOpen: boolean; onToggleMenu: () => void; toggleRef?: Ref<HTMLButtonElement> }) {
  return (
    <Bar>
      <MenuToggle ref={toggleRef} type="button" aria-label={menuOpen ? 'Chiudi menu' : 'Apri menu'} aria-expanded={menuOpen} aria-controls="sidebar" onClick={onToggleMenu}>
        <span aria-hidden="true">☰</span>
      </MenuToggle>
      <SwitcherSlot>
        <BusinessSwitcher />
      </SwitcherSlot>
      <Spacer />
      <UserMenu />
    </Bar>
  );
}
