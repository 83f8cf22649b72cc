'use client';

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal `<dialog>` named by its heading and described by its body. It opens on mount (focus moves
 * into it, onto the control marked `data-autofocus`); on close the focus goes back to what opened it, or,
 * when that control is gone, to `fallbackFocus`. Escape does nothing while `busy`: a write under way
 * is not abandoned half-seen.
 */
export function ModalDialog({
  title,
  body,
  busy,
  onClose,
  fallbackFocus,
  dialogRef: outerRef,
  children,
}: {
  title: ReactNode;
  body: ReactNode;
  busy: boolean;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null | undefined;
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}) {
  const innerRef = useRef<HTMLDialogElement>(null);
  const dialogRef = outerRef ?? innerRef;
  const openerRef = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    openerRef.current = document.activeElement;
    dialog.showModal();
    // React's autoFocus runs before the dialog opens, when nothing in it can take the focus.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [dialogRef]);

  function closed() {
    const opener = openerRef.current;
    const target = opener instanceof HTMLElement && opener.isConnected ? opener : fallbackFocus?.();
    onClose();
    // After React has removed the dialog: the opener may have been re-rendered in place.
    requestAnimationFrame(() => {
      if (target?.isConnected && document.activeElement !== target) target.focus();
    });
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={closed}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{body}</div>
      {children}
    </dialog>
  );
}
