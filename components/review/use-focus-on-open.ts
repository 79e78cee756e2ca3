import { useEffect, type RefObject } from "react";

/**
 * Focuses an element of a dialog once the dialog is shown, so Enter confirms (the inbox is worked
 * by keyboard). One frame later: the dialog's showModal runs in an effect after its children's,
 * and showModal moves focus itself.
 */
export function useFocusOnOpen(ref: RefObject<HTMLElement | null>, key: unknown = null) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [ref, key]);
}
