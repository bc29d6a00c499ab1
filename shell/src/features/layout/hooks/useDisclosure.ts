import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state for a popup anchored to a button: closes on Escape (focus back to the button) and outside clicks.
 * Hand-written on purpose, measured (docs/decisions/035-apps-shaped-alike.md): 0.35 KB gzip, where
 * @radix-ui/react-popover weighs 25 KB and @radix-ui/react-dropdown-menu 32 KB gzip (with floating-ui). The
 * native Popover API (`popover` + `popovertarget`: light dismiss, Escape, focus back, top layer) is the
 * replacement to take once jsdom, which the shell's tests run in, implements it (jsdom 26 does not).
 */
export function useDisclosure<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onClick = (e: MouseEvent) => {
      if (containerRef.current && !containerRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open, close]);

  return { open, setOpen, toggle: () => setOpen((o) => !o), close, containerRef, buttonRef };
}
