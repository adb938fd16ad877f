/**
 * The sandbox's consumer screens in the shopper's language (docs/sandbox.md "Languages"): the
 * checkout page behind `redirectCheckoutUrl` and the express popup, chosen by `?locale=`, else
 * the browser's Accept-Language, else English; amounts and dates as that locale writes them.
 */
import { startSandbox, type Sandbox } from "../../../src/sandbox"
import { asMerchant, asTester, EU, expressCheckoutBody } from "./express-http"

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => sandbox.control.reset())

/** A standard EUR checkout of the EU account with a return URL; its token. */
async function euroCheckout(): Promise<string> {
  const created = await asMerchant(
    sandbox,
    "POST",
    "/v2/checkouts",
    {
      amount: { amount: "40.00", currency: "EUR" },
      consumer: { email: "client@example.fr" },
      merchant: {
        name: "Boutique",
        redirectConfirmUrl: "http://127.0.0.1:8000/confirm",
        redirectCancelUrl: "http://127.0.0.1:8000/cancel",
      },
      items: [{ name: "Tote", quantity: 2, price: { amount: "20.00", currency: "EUR" } }],
    },
    EU,
  )
  expect(created.status).toBe(201)
  return created.json.token
}

const euros = (amount: number, locale: string) => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(amount)

describe("the checkout page's language", () => {
  it("is French for ?locale=fr-FR: the page's lang, its words, French amounts and dates, and the buttons keep the language", async () => {
    const token = await euroCheckout()
    const html = (await asTester(sandbox, "GET", `/checkout/${token}?locale=fr-FR`)).text
    expect(html).toContain('<html lang="fr-FR">')
    expect(html).toContain("<h1>Payer Boutique plus tard</h1>")
    expect(html).toContain(`<div class="amount" id="amount">${euros(40, "fr-FR")}</div>`)
    expect(euros(40, "fr-FR")).toBe("40,00\u00a0€")
    expect(html).toContain(`2 × Tote <span class="muted">(${euros(20, "fr-FR")} l&#39;unité)</span>`)
    expect(html).toContain("Votre échéancier")
    expect(html).toContain("4 paiements, le premier aujourd&#39;hui, puis toutes les deux semaines")
    expect(html).toMatch(/<td>\d{1,2} [a-zéû]+\.? 20\d\d<\/td>/)
    expect(html).toContain('id="confirm">Confirmer</button>')
    expect(html).toContain('id="cancel">Annuler</button>')
    expect(html).toContain("aucun argent ne circule")
    expect(html).not.toContain("Your payment plan")
    expect(html).toContain(`action="/checkout/${token}/cancel?locale=fr-FR"`)

    // The answer keeps the language for its own page; a refusal speaks it too.
    expect((await fetch(`${sandbox.url}/checkout/${token}/cancel?locale=fr-FR`, { method: "POST", redirect: "manual" })).status).toBe(303)
    const refused = await asTester(sandbox, "GET", "/checkout/not-a-token?locale=fr-FR")
    expect(refused.status).toBe(404)
    expect(refused.text).toContain("Ce paiement n&#39;existe pas.")
    expect(refused.text).toContain('<h1 id="error">Paiement indisponible</h1>')
  })

  it("follows the browser's Accept-Language without a locale (de-DE), takes a region's tag by its language (fr-BE), and is English otherwise", async () => {
    const token = await euroCheckout()
    const german = (await asTester(sandbox, "GET", `/checkout/${token}`, undefined, { "accept-language": "de-DE,de;q=0.9,en;q=0.8" })).text
    expect(german).toContain('<html lang="de-DE">')
    expect(german).toContain('id="confirm">Bestätigen</button>')
    expect(german).toContain(euros(40, "de-DE"))
    const belgian = (await asTester(sandbox, "GET", `/checkout/${token}?locale=fr-BE`)).text
    expect(belgian).toContain('<html lang="fr-FR">')
    const english = (await asTester(sandbox, "GET", `/checkout/${token}?locale=pt-BR`, undefined, { "accept-language": "pt-BR" })).text
    expect(english).toContain('<html lang="en-GB">')
    expect(english).toContain("€40.00")
    expect(english).toContain('id="confirm">Confirm</button>')
  })
})

describe("the express popup's language", () => {
  it("is French for ?locale=fr-FR (the library adds the shop page's <html lang>): its words, amounts and the script's messages", async () => {
    const created = await asMerchant(sandbox, "POST", "/v2/checkouts", expressCheckoutBody({}, "40.00", "EUR"), EU)
    expect(created.status).toBe(201)
    const html = (await asTester(sandbox, "GET", `/express/popup/${created.json.token}?locale=fr-FR`)).text
    expect(html).toContain('<html lang="fr-FR">')
    expect(html).toContain(`data-testid="express-amount">${euros(40, "fr-FR")}</div>`)
    expect(html).toContain("<h2>Livrer à</h2>")
    expect(html).toContain('data-testid="express-cancel">Annuler</button>')
    const settings = JSON.parse(/<script id="express-data" type="application\/json">([^<]*)<\/script>/.exec(html)![1])
    expect(settings.locale).toBe("fr-FR")
    expect(settings.words.NO_OPTIONS).toBe("La boutique ne propose aucune livraison à cette adresse. Choisissez-en une autre.")
    expect((await asTester(sandbox, "GET", "/express/popup/loading?locale=fr-FR")).text).toContain("Ouverture du paiement")

    const library = (await asTester(sandbox, "GET", "/express/library.js")).text
    expect(library).toContain('"?locale=" + encodeURIComponent(lang)')
  })
})
