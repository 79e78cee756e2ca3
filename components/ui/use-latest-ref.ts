import { useLayoutEffect, useRef } from "react";

/**
 * A ref to the `value` of the last committed render, for callbacks handed to code outside React
 * (Monaco commands and listeners, window listeners) that must call the current props, not the
 * first render's. Written in a layout effect, which runs before any event can reach those
 * callbacks; writing it during render could leave it holding a render React then discarded.
 */
export function useLatestRef<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
