/** The refusal of a wrong email or password (one message for both: it never says which). */
export const WRONG_CREDENTIALS = "Wrong email or password.";

/**
 * The sign-in error for a locked (account, address) pair or address. It carries the unlock
 * time in UTC so that the sign-in page can show it in the visitor's own time zone; it reads
 * well as it is for API clients too.
 */
const PREFIX = "Too many failed sign-in attempts.";

export function lockedMessage(unlocksAt: Date, now = new Date()): string {
  return `${PREFIX} Try again in ${minutesText(unlocksAt, now)} (after ${unlocksAt.toISOString()}).`;
}

function minutesText(unlocksAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((unlocksAt.getTime() - now.getTime()) / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The unlock time in a message from lockedMessage, or null for any other message. */
export function unlockTimeIn(message: string): Date | null {
  const match = /^Too many failed sign-in attempts\. .*\(after (\S+)\)\.$/.exec(message);
  const time = match ? new Date(match[1]!) : null;
  return time && !Number.isNaN(time.getTime()) ? time : null;
}

/** The message as the sign-in page shows it: minutes from now and the local clock time. */
export function lockedMessageForDisplay(unlocksAt: Date, now = new Date()): string {
  const at = unlocksAt.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return `${PREFIX} Try again in ${minutesText(unlocksAt, now)}, at ${at}.`;
}
