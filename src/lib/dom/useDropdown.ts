import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open state of a menu behind a toggle button (the disclosure pattern). A route change, a pointer
 * press outside and Escape close it; Escape also puts focus back on the toggle, so a keyboard user
 * is not left on a link that just disappeared.
 */
export function useDropdown<Container extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<Container>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);

  // A layout effect, so Escape and outside presses close the menu from the moment it shows: a
  // plain effect may run after the next frame, and a quick Escape, or a busy page, fell into
  // that gap and left the menu open (keyboard.test.ts presses it before the frame).
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    /** Props for the toggle button. */
    toggleProps: {
      ref: toggle,
      'aria-expanded': open,
      onClick: () => setOpen((value) => !value),
    },
    container,
  };
}
