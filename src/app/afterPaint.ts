/**
 * Runs `work` once the browser has painted the frame being made (issue 33, finding 12). The effects of a tap's
 * render run before that paint (React flushes them at once after a discrete event), so a request an effect
 * makes there (signing it, the fetch) makes the tap's answer late; what does not change the next screen (a page
 * view, the account tab's badge, a kept screen's fresh read) waits for the paint instead.
 */
export function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work));
}
