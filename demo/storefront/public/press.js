// One press at a time on a page, and never a silent failure. Medusa locks a cart while it
// writes it: a second write sent before the first ends (a double press, or "Continue to
// payment" pressed while the address is still saving) fails with `Failed to acquire lock for
// key "cart_…"` (HTTP 500), and an unhandled failure shows the shopper nothing at all.

let pressing = false

/**
 * Runs `action` (an async function) as the page's one press in progress: until it settles every
 * button inside `scope` is disabled and `scope` is marked aria-busy, so neither the same button
 * nor another step's can send a second write meanwhile. When `action` fails, the buttons are
 * enabled again and `onFailure(error)` is called to put the failure in words on the page; when
 * it succeeds they stay disabled, since the action re-rendered the page or is leaving it.
 * Returns a promise of whether the action ran and succeeded (false without running it when
 * another press is still in progress); it never rejects.
 */
export async function pressOnce(scope, action, onFailure) {
  if (pressing) return false
  pressing = true
  const buttons = [...scope.querySelectorAll("button")].filter((button) => !button.disabled)
  for (const button of buttons) button.disabled = true
  scope.setAttribute("aria-busy", "true")
  try {
    await action()
    return true
  } catch (error) {
    for (const button of buttons) button.disabled = false
    onFailure(error)
    return false
  } finally {
    pressing = false
    scope.removeAttribute("aria-busy")
  }
}
