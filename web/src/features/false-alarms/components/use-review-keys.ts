import { useEffect, useRef } from 'react';

export interface ReviewKeyHandlers {
  editing: boolean;
  accept: () => void;
  relabel: () => void;
  drop: () => void;
  next: () => void;
  previous: () => void;
  /** The reasons offered (the dictionary's enabled falseAlarmReason items, in order): keys 1–9. */
  reasons: readonly string[];
  reason: (reason: string) => void;
  save: () => void;
  cancelEdit: () => void;
  deleteSelected: () => void;
}

/** Typing in a field (the class of a box) is not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The review view's keys: A accept, R relabel, D drop, N / → next, P / ← previous, 1–9 a reason;
 * while relabelling: S or Enter save, Esc cancel, Delete / Backspace remove the selected box.
 */
export function useReviewKeys(active: boolean, handlers: ReviewKeyHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const h = ref.current;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const digit = Number.parseInt(key, 10);
      if (digit >= 1 && digit <= Math.min(h.reasons.length, 9) && !isTyping(event.target)) {
        const reason = h.reasons[digit - 1];
        if (reason) h.reason(reason);
        event.preventDefault();
        return;
      }
      if (h.editing) {
        if (key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          h.cancelEdit();
          return;
        }
        if (isTyping(event.target)) return;
        const action = { s: h.save, Enter: h.save, Delete: h.deleteSelected, Backspace: h.deleteSelected }[
          key
        ];
        if (action) {
          event.preventDefault();
          action();
        }
        return;
      }
      if (isTyping(event.target)) return;
      const action = {
        a: h.accept,
        r: h.relabel,
        d: h.drop,
        n: h.next,
        ArrowRight: h.next,
        p: h.previous,
        ArrowLeft: h.previous,
      }[key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    // Capture: before the dialog's own Esc handling.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active]);
}
