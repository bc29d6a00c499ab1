import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { MESSAGES } from '../messages';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.modalWidth};
  max-height: calc(100vh - 2rem);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.overlay};

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
}

/** Accessible modal dialog (WAI-ARIA dialog pattern), rendered into document.body. */
export function Modal({ open, ...dialogProps }: ModalProps) {
  return open ? <ModalDialog {...dialogProps} /> : null;
}

function ModalDialog({ onClose, title, children, footer, initialFocusRef }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const firstInBody = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (initialFocusRef?.current ?? firstInBody ?? dialogRef.current)?.focus();

    // The page behind must not scroll under the overlay.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // A nested dialog closes alone, not together with the one beneath it.
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const closeOnBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <Backdrop onMouseDown={closeOnBackdrop}>
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <CloseButton type="button" aria-label={MESSAGES.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </CloseButton>
        </Header>
        <Body ref={bodyRef}>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
