import type { ReactNode } from "react";
import { Alert } from "./alert.tsx";
import { errorText, type ErrorLike } from "./error-text.ts";

export type ErrorAlertProps = {
  error: ErrorLike;
  /** Replaces the title the error's kind gives ("Could not load this"). */
  title?: string;
  /** Said after the sentence (what to do here). */
  children?: ReactNode;
};

/**
 * The console's one error display: a human title and sentence, the server's message where it
 * says what to fix, and a "Details" toggle with the API's type, status and message.
 */
export function ErrorAlert({ error, title, children }: ErrorAlertProps) {
  const text = errorText(error);
  return (
    <Alert title={title ?? text.title}>
      <p>
        {text.sentence}
        {text.showMessage && <> {error.message}</>}
      </p>
      {children}
      {text.detail && (
        <details className="mt-2 text-xs">
          <summary className="cursor-pointer select-none font-medium opacity-80 hover:opacity-100">Details</summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono" data-testid="error-details">
            <dt>status</dt>
            <dd>{text.detail.status}</dd>
            <dt>type</dt>
            <dd className="break-all">{text.detail.type}</dd>
            <dt>message</dt>
            <dd className="break-words">{text.detail.message}</dd>
          </dl>
        </details>
      )}
    </Alert>
  );
}
