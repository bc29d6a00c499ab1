import { useId } from 'react';
import styled from 'styled-components';
import { CREATE_BUSINESS_PATH, CREATE_FIRST_BUSINESS, Link, useCurrentBusiness, useRememberedBusiness, VisuallyHidden } from '@loyalty/shared';
import { useDisclosure } from '../hooks/useDisclosure';
import { PopupAnchor, popupPanel, popupTrigger } from './popup';

const Trigger = styled.button`
  ${popupTrigger}
  /* As wide as its slot in the top bar, whatever the shop's name: the name arriving after the first paint
     (or another shop chosen) moves neither the arrow nor the user's menu. */
  width: 100%;
  justify-content: space-between;
  padding: 0.5rem 0.75rem;
  border-radius: 0.5rem;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const List = styled.ul`
  ${popupPanel}
  left: 0;
  min-width: 100%;
  max-height: 15rem;
  overflow-y: auto;
  margin: 0;
  padding: 0.25rem;
  list-style: none;
`;

const Option = styled.button<{ $selected: boolean }>`
  width: 100%;
  text-align: left;
  padding: 0.5rem 0.75rem;
  border: 0;
  border-radius: 0.375rem;
  background: ${({ $selected, theme }) => ($selected ? theme.colors.primarySoft : 'transparent')};
  font-weight: ${({ $selected }) => ($selected ? 600 : 400)};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

const Empty = styled.li`
  display: grid;
  gap: 0.25rem;
  padding: 0.5rem 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
  a { color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
`;

/** One shop and nothing to choose: its name, not a switcher (decision 078). */
const OnlyShop = styled.p`
  margin: 0;
  max-width: 100%;
  padding: 0.5rem 0.75rem;
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export function BusinessSwitcher() {
  const { business, businesses, select } = useCurrentBusiness();
  const { open, toggle, close, containerRef, buttonRef } = useDisclosure();
  const listId = useId();
  // Decision 071: the choice is kept per user across reloads and tabs.
  useRememberedBusiness();

  // Decision 078: a user with exactly one shop (staff or owner) never sees a switcher, only the shop's name.
  if (businesses.length === 1) {
    return (
      <OnlyShop>
        <VisuallyHidden>Attività corrente: </VisuallyHidden>
        {businesses[0].name}
      </OnlyShop>
    );
  }

  return (
    <PopupAnchor ref={containerRef}>
      <Trigger
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Attività corrente: ${business?.name ?? 'nessuna'}. Cambia attività`}
        onClick={toggle}
      >
        <span>{business?.name ?? 'Seleziona negozio'}</span>
        <span aria-hidden="true">▾</span>
      </Trigger>
      {open && (
        <List id={listId} aria-label="Attività">
          {businesses.length === 0 && (
            <Empty>
              <span>Nessuna attività trovata</span>
              <Link to={CREATE_BUSINESS_PATH} onClick={() => close(false)}>
                {CREATE_FIRST_BUSINESS}
              </Link>
            </Empty>
          )}
          {businesses.map((b) => (
            <li key={b.id}>
              <Option
                type="button"
                $selected={b.id === business?.id}
                aria-current={b.id === business?.id ? 'true' : undefined}
                onClick={() => {
                  select(b.id);
                  close();
                }}
              >
                {b.name}
              </Option>
            </li>
          ))}
        </List>
      )}
    </PopupAnchor>
  );
}
