import { useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { MESSAGES } from '../messages';
import { addToastHost } from '../notifications/toastHost';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const Dialog = styled.dialog<{ $wide?: boolean }>`
  width: calc(100% - 2 * ${({ theme }) => theme.space.md});
  max-width: ${({ theme, $wide }) => ($wide ? theme.sizes.modalWideWidth : theme.sizes.modalWidth)};
  max-height: calc(100vh - 2rem);
  padding: 0;
  border: 0;
  overflow: auto;
  color: inherit;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.overlay};

  &[open] {
    display: flex;
    flex-direction: column;
  }
  &::backdrop { background: ${({ theme }) => theme.colors.overlay}; }
  &:focus { outline: none; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const CloseButton = styled.button`
  padding: ${({ theme }) => theme.space.xs};
  border: 0;
  background: transparent;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space.lg};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click outside the dialog. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** Focused on open; defaults to the first focusable element of the content. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Up to theme.sizes.modalWideWidth instead of modalWidth: a table of several columns fits on a desktop. */
  wide?: boolean;
}

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()` (docs/decisions/035-apps-shaped-alike.md): the
 * browser puts it in the top layer, makes the page behind inert (unreachable by pointer, keyboard and screen
 * reader) and turns Escape into a `cancel` event; a nested dialog is the top one, so Escape closes it alone.
 * Rendered into document.body, so a dialog opened from a form or a table row is never nested in them.
 */
export function Modal({ open, ...dialogProps }: ModalProps) {
  return open ? <ModalDialog {...dialogProps} /> : null;
}

function ModalDialog({ onClose, title, children, footer, initialFocusRef, wide }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // The page behind is inert now: the toasts move in here (notifications/toastHost.ts).
    const removeToastHost = addToastHost(dialog);
    // showModal focuses the first focusable element, the close button in the header: the content comes first.
    const firstInBody = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (initialFocusRef?.current ?? firstInBody ?? dialog).focus();

    // The page behind stays inert but would still scroll under the backdrop.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      removeToastHost();
      document.body.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  // The state is React's: Escape asks to close, and the dialog closes when `open` turns false.
  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  // Tab from the last control wraps to the first (and Shift+Tab back): with the page inert, the browser
  // would otherwise move focus out to its own toolbar.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (!first) event.preventDefault();
    else if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A press on the backdrop targets the dialog element itself, outside its box.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onClose();
  };

  return createPortal(
    <Dialog
      ref={dialogRef}
      $wide={wide}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={handleCancel}
      onKeyDown={keepFocusInside}
      onMouseDown={closeOnBackdrop}
    >
      <Header>
        <Title id={titleId}>{title}</Title>
        <CloseButton type="button" aria-label={MESSAGES.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </CloseButton>
      </Header>
      <Body ref={bodyRef}>{children}</Body>
      {footer && <Footer>{footer}</Footer>}
    </Dialog>,
    document.body,
  );
}
