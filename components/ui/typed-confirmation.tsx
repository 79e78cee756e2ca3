"use client";

import { useState, type ReactNode } from "react";
import { Field, Input } from "./field.tsx";

/**
 * What a person types to confirm an act that cannot be undone, and whether it is the phrase
 * asked for (exactly: `delete 2 stores`, a store's name). Nothing is confirmed while there is no
 * phrase yet (no dry run).
 */
export function useTypedConfirmation(phrase: string) {
  const [typed, setTyped] = useState("");
  return { phrase, typed, setTyped, confirmed: phrase !== "" && typed === phrase, reset: () => setTyped("") };
}

export type TypedConfirmationState = ReturnType<typeof useTypedConfirmation>;

export type TypedConfirmationProps = {
  state: TypedConfirmationState;
  id: string;
  /** Default: Type “<phrase>” to confirm. */
  label?: string;
  hint?: ReactNode;
  disabled?: boolean;
};

/** The field every dialog that asks for a typed phrase uses: the phrase in its label, no autocomplete or spelling help. */
export function TypedConfirmation({ state, id, label, hint, disabled }: TypedConfirmationProps) {
  return (
    <Field label={label ?? `Type “${state.phrase}” to confirm`} htmlFor={id} hint={hint}>
      <Input
        id={id}
        value={state.typed}
        disabled={disabled}
        onChange={(e) => state.setTyped(e.target.value)}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
    </Field>
  );
}
