import { ApiError } from "./api-client.ts";

/**
 * The API names the offending field at the start of a validation message ("name: must be 1 to
 * 255 characters long.", "metadata.owner: …"). Forms use this to show the message under that
 * field; anything else stays a form-level error.
 */
export function fieldError<F extends string>(error: Error | null, fields: readonly F[]): { field: F | null; message: string } | null {
  if (!error) return null;
  if (error instanceof ApiError && error.type === "invalid_request_error") {
    const match = /^([A-Za-z_]+)[.:]/.exec(error.message);
    const field = fields.find((f) => f === match?.[1]);
    if (field) return { field, message: error.message };
  }
  return { field: null, message: error.message };
}
