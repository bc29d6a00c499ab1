import { useId } from 'react';
import styled from 'styled-components';
import { Link, ROLE_LABELS, useAuth, useNavigate } from '@loyalty/shared';
import { useDisclosure } from '../hooks/useDisclosure';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.4rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 0.25rem);
  min-width: 15rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  box-shadow: 0 10px 25px rgba(15, 23, 42, 0.15);
  padding: 0.75rem;
  z-index: 60;
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
    <Wrapper ref={containerRef}>
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
                  navigate('/login', { replace: true });
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </Panel>
      )}
    </Wrapper>
  );
}
