/**
 * What the console says when the API refuses or fails: a sentence people read (by status and
 * error type), and the technical detail — the envelope's type, message and status — that the
 * error display keeps behind its "Details" toggle (error-alert.tsx).
 */
export type ErrorLike = Error & { status?: number; type?: string };

export type ErrorText = {
  title: string;
  /** The human sentence. */
  sentence: string;
  /** Whether the server's own message says what to fix (a refused input, a conflict), so it is shown beside the sentence. */
  showMessage: boolean;
  /** The technical detail: null when the error did not come from the API (a network failure, a bug). */
  detail: { type: string; status: number; message: string } | null;
};

export function errorText(error: ErrorLike): ErrorText {
  const status = typeof error.status === "number" ? error.status : null;
  const detail = status === null ? null : { type: error.type ?? "api_error", status, message: error.message };
  const text = (title: string, sentence: string, showMessage = false): ErrorText => ({ title, sentence, showMessage, detail });
  if (status === null) {
    if (error.name === "TypeError") return text("Could not reach the server", "Check your connection, then try again.");
    return text("Something went wrong", "The console hit an unexpected problem. Try again; if it keeps happening, reload the page.");
  }
  if (error.type === "memory_path_conflict_error")
    return text("That path is taken", "Another memory is at that path, or a folder of it. Choose another path.", true);
  if (status === 400 || status === 413 || status === 422) return text("Not accepted", "The server did not accept this. Check what you entered:", true);
  if (status === 401) return text("Signed out", "Your session ended. Sign in again to go on.");
  if (status === 403) return text("Not allowed", "Your role or your key's stores do not allow this. Ask an admin if you need it.");
  if (status === 404) return text("Not found", "It does not exist, or no longer: it may have been deleted, or it is in a store you cannot see.");
  if (status === 409) return text("Not applied: something changed", "Nothing was changed. Look at it again as it is now, then decide.", true);
  if (status === 429) return text("Too many requests", "The server is busy with your requests. Wait a moment, then try again.");
  if (status === 529 || status === 503) return text("The server is busy", "It could not take this right now. Try again in a moment.");
  return text("Something went wrong on the server", "Nothing you did caused this. Try again; if it keeps happening, tell an admin (the details help).");
}
