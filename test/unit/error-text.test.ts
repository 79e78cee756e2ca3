import { describe, expect, it } from "vitest";
import { errorText } from "../../components/ui/error-text.ts";
import { ApiError } from "../../lib/queries/api-client.ts";

// The console's error display (issue 26, item 7): a human sentence, the technical detail kept for the "Details" toggle.
describe("errorText", () => {
  it("says what a status means in words, and keeps the envelope's type, status and message as the detail", () => {
    const notFound = errorText(new ApiError(404, "not_found_error", "Memory mem_01 not found."));
    expect(notFound).toMatchObject({
      title: "Not found",
      showMessage: false,
      detail: { type: "not_found_error", status: 404, message: "Memory mem_01 not found." },
    });
    expect(notFound.sentence).not.toMatch(/mem_01|not_found_error/);
    expect(errorText(new ApiError(403, "permission_error", "Role viewer may not write."))).toMatchObject({ title: "Not allowed", showMessage: false });
    expect(errorText(new ApiError(500, "api_error", "Internal server error"))).toMatchObject({
      title: "Something went wrong on the server",
      showMessage: false,
    });
    expect(errorText(new ApiError(429, "rate_limit_error", "slow down")).title).toBe("Too many requests");
  });

  it("shows the server's message where it says what to fix: a refused input, a conflict, a taken path", () => {
    expect(errorText(new ApiError(400, "invalid_request_error", "name: must be 1 to 255 characters long."))).toMatchObject({
      title: "Not accepted",
      showMessage: true,
    });
    expect(errorText(new ApiError(409, "conflict_error", "changed"))).toMatchObject({ showMessage: true });
    expect(errorText(new ApiError(409, "memory_path_conflict_error", "taken")).title).toBe("That path is taken");
  });

  it("has no detail for an error that did not come from the API", () => {
    expect(errorText(new TypeError("Failed to fetch"))).toMatchObject({ title: "Could not reach the server", detail: null });
    expect(errorText(new Error("boom"))).toMatchObject({ title: "Something went wrong", detail: null });
  });
});
