import { useId } from 'react';
import styled from 'styled-components';
import { Link, ROLE_LABELS, useAuth, useNavigate } from '@loyalty/shared';
import { useDisclosure } from '../hooks/useDisclosure';
import { PopupAnchor, popupPanel, popupTrigger } from './popup';
import { LOGIN_PATH } from '../../../shared/routeTable';

const Trigger = styled.button`
  ${popupTrigger}
  padding: 0.4rem 0.75rem;
  border-radius: 999px;
  max-width: 100%;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Panel = styled.div`
  ${popupPanel}
  right: 0;
  min-width: 15rem;
  padding: 0.75rem;
  p {
    margin: 0 0 0.25rem;
    overflow-wrap: anywhere;
  }
  ul {
    list-style: none;
    margin: 0.5rem 0 0;
    padding: 0.5rem 0 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  a,
  button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 0.5rem;
    border: 0;
    background: none;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-decoration: none;
    border-radius: 0.375rem;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

export function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { open, toggle, close, containerRef, buttonRef } = useDisclosure();
  const panelId = useId();
  if (!user) return null;

  return (
    <PopupAnchor ref={containerRef}>
      <Trigger ref={buttonRef} type="button" aria-expanded={open} aria-controls={panelId} aria-haspopup="true" onClick={toggle}>
        <span>{user.full_name || user.email}</span>
      </Trigger>
      {open && (
        <Panel id={panelId}>
          <p>
            <strong>{user.full_name}</strong>
          </p>
          <Muted>{user.email}</Muted>
          <Muted>{ROLE_LABELS[user.role]}</Muted>
          <ul>
            <li>
              <Link to="/dashboard/settings" onClick={() => close(false)}>
                Profilo
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  logout();
                  navigate(LOGIN_PATH, { replace: true });
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </Panel>
      )}
    </PopupAnchor>
  );
}
