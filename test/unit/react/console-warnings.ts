import { forgetWarnings } from "../../../src/react/warn-once"

/**
 * Silences `console.warn` around each test of the file (and forgets the components'
 * warn-once memory before it), and returns a reader of the warnings the test caused.
 */
export function consoleWarnings(): () => string[] {
  let warn: jest.SpyInstance
  beforeEach(() => {
    forgetWarnings()
    warn = jest.spyOn(console, "warn").mockImplementation(() => {})
  })
  afterEach(() => warn.mockRestore())
  return () => warn.mock.calls.map((call) => String(call[0]))
}
