import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { usePrefersReducedMotion } from '@/shared/lib/reduced-motion';
import { Icon } from '../icon';
import './modal.css';

export type ModalPlacement = 'center' | 'left' | 'right';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'left' / 'right' are full-height drawers (side menu, notifications). */
  placement?: ModalPlacement;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Element focused on open; the dialog itself by default. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Length of the fade-in in ms (200 by default; the contact modal 300). */
  enterDuration?: number;
  /**
   * Keeps the dialog mounted this long after closing, for a fade-out (e.g. 300 ms contact modal).
   * Under reduced motion there is no fade either way: it goes at once.
   */
  exitDuration?: number;
  id?: string;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While a dialog is open the rest of the page is hidden from assistive technology (aria-hidden on
 * the other children of <body>), so only the dialog's links and buttons are announced.
 */
function hideSiblings(own: HTMLElement | null): () => void {
  const hidden: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === own || element.hasAttribute('aria-hidden') || element.tagName === 'SCRIPT') continue;
    element.setAttribute('aria-hidden', 'true');
    hidden.push(element);
  }
  return () => hidden.forEach((element) => element.removeAttribute('aria-hidden'));
}

/**
 * A modal dialog: focus moves into it and back to the opener, Tab stays inside, Escape and a click
 * outside close it. The backdrop does not swallow the outside click (pointer-events: none).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  placement = 'center',
  closeLabel = 'Close',
  initialFocusRef,
  enterDuration = 200,
  exitDuration = 0,
  id,
  className,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const [prevOpen, setPrevOpen] = useState(open);
  const [closing, setClosing] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const exitMs = reducedMotion ? 0 : exitDuration;

  if (prevOpen !== open) {
    setPrevOpen(open);
    setClosing(!open && exitMs > 0);
  }

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!closing) return undefined;
    const timer = window.setTimeout(() => setClosing(false), exitMs);
    return () => window.clearTimeout(timer);
  }, [closing, exitMs]);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement;
    (initialFocusRef?.current ?? panelRef.current)?.focus();

    const onPointerDown = (event: MouseEvent) => {
      const panel = panelRef.current;
      if (panel && event.target instanceof Node && !panel.contains(event.target)) onCloseRef.current();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKey);
    const restoreSiblings = hideSiblings(rootRef.current);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKey);
      restoreSiblings();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open && !closing) return null;

  return createPortal(
    <div
      ref={rootRef}
      className={['modal', `modal--${placement}`, closing && 'modal--closing', className].filter(Boolean).join(' ')}
      style={{ '--modal-enter': `${enterDuration}ms`, '--modal-exit': `${exitMs}ms` } as CSSProperties}
      // While it fades out the dialog is already closed: out of reach of focus and screen readers.
      inert={closing}
    >
      <div className="modal__backdrop" aria-hidden="true" />
      <div
        ref={panelRef}
        id={id}
        className="modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
