/** Removes credentials from text we do not control, such as the service's error `message`, before it is logged. */
export type Redactor = (text: string) => string

export const REDACTED = "[redacted]"

/** `secrets()` is read on every call so that tokens fetched later are covered too. */
export function createRedactor(secrets: () => Iterable<string | undefined>): Redactor {
  return (text: string) => {
    let result = text
    const sorted = [...secrets()]
      .filter((secret): secret is string => typeof secret === "string" && secret.length > 0)
      // Longest first, so a header value is replaced whole before the key inside it.
      .sort((a, b) => b.length - a.length)
    for (const secret of sorted) {
      if (result.includes(secret)) result = result.split(secret).join(REDACTED)
    }
    return result
  }
}
