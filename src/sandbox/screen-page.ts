import { screenWords, type ScreenLocale } from "./screen-words"

const CURRENCY_SYMBOLS: Record<string, string> = { GBP: "£", EUR: "€" }

/** Safe inside HTML text and quoted attributes. */
export function escapeHtml(text: unknown): string {
  return String(text ?? "").replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** Money as a consumer reads it: `£12.50` in en-GB, else as `Intl` writes it in the screen's locale. */
export function formatMoney(money: { amount: string; currency: string } | undefined, locale: ScreenLocale = "en-GB"): string {
  if (!money) return ""
  if (locale !== "en-GB") {
    try {
      // The decimal string itself, not a float: Intl formats it exactly.
      return (
        new Intl.NumberFormat(locale, { style: "currency", currency: money.currency }).format as unknown as (value: string) => string
      )(money.amount)
    } catch {
      return `${money.amount} ${money.currency}`
    }
  }
  const symbol = CURRENCY_SYMBOLS[money.currency]
  return symbol ? `${symbol}${money.amount}` : `${money.amount} ${money.currency}`
}

/** A whole page in the service screens' look; `script` is trusted markup placed after the card. */
export function page(
  title: string,
  content: string,
  { style = "", script = "", locale = "en-GB" }: { style?: string; script?: string; locale?: ScreenLocale } = {},
): string {
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f4f6; color: #1d1d1f; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.1); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .amount { font-size: 2rem; font-weight: 600; margin: .5rem 0 1.5rem; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 1.5rem; }
  td { padding: .35rem 0; border-bottom: 1px solid #eee; }
  td.price { text-align: right; white-space: nowrap; }
  tr.total td { font-weight: 600; border-bottom: 2px solid #1d1d1f; }
  td.muted { color: #666; font-size: .9rem; }
  h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
  form { margin: .5rem 0; }
  button { width: 100%; padding: .8rem; border-radius: 8px; border: 1px solid #1d1d1f; font-size: 1rem; cursor: pointer; background: #fff; }
  button#confirm { background: #1d1d1f; color: #fff; }
  .note { font-size: .8rem; color: #666; margin-top: 1.5rem; }
${style}</style>
</head>
<body><main>
${content}
<p class="note">${escapeHtml(screenWords(locale).note)}</p>
</main>${script}</body>
</html>`
}
