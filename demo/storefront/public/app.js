// The demo storefront's pages, rendered in the browser from Medusa's store API. One module,
// no build step: each page is a function of the path. The cart id lives in localStorage.
// Pay later goes through the package's storefront kit (medusa-payment-bnpl/storefront, served
// from the build as /kit/storefront.mjs), as docs/storefront.md shows a storefront using it.
import {
  expressCartFor,
  fetchCartEligibility,
  fetchLimits,
  formatAmount,
  loadExpressLibrary,
  messageFor,
  openExpressCheckout,
  payLaterMessage,
  paymentStatusLabel,
  readPayLaterReturn,
  readPaymentLink,
  shopperLocale,
  shopperText,
  startPayLaterCheckout,
  startPayLaterForPaymentLink,
  toMinorUnits,
  withoutReturnParameters,
} from "/kit/storefront.mjs"
import { pressOnce } from "/press.js"
import { LANGUAGES, word } from "/words.js"

;(() => {
  const { regions, storeUrl, publishableKey, expressLibraryUrl } = window.DEMO
  const store = { baseUrl: storeUrl, publishableKey }
  // The demo's plan: the sandbox's consumer screen shows 4 instalments by default.
  const INSTALMENTS = 4
  // Medusa's own manual provider: the second way to pay, so a cancel, a decline or a cart
  // outside the limits is never a dead end.
  const MANUAL_PROVIDER = "pp_system_default"
  const app = document.getElementById("app")
  const CART_KEY = "demo_cart_id"
  const REGION_KEY = "demo_region_id"
  // The language the shopper chose in the header ("" = the region's), also kept as the cart's `locale`.
  const LANGUAGE_KEY = "demo_locale"
  const chosenLanguage = localStorage.getItem(LANGUAGE_KEY) || ""
  // The shopper's region (United Kingdom in GBP, Europe in EUR), kept in localStorage; each
  // region pays through its own pay-later account, which GET /store/bnpl/eligibility names.
  const region = regions.find((candidate) => candidate.id === localStorage.getItem(REGION_KEY)) || regions[0]
  const regionId = region.id
  // The page's language (docs/storefront.md "Languages"): the cart's locale, else the chosen
  // language, else the region's country. Set once the cart is read (start, below).
  let LOCALE = shopperLocale({ locale: chosenLanguage || undefined, countryCode: region.countryCode })
  const t = (key, values) => word(LOCALE, key, values)
  const PRICE_FIELDS = "fields=*variants.calculated_price"
  // Line and shipping totals are not in the cart's default fields.
  const CART_FIELDS = "fields=%2Bitems.total,%2Bshipping_methods.name"

  // The return route's reason (`bnpl_error`), read once and then removed from the address bar
  // (docs/troubleshooting.md): a reload or a shared link does not show it again.
  const returned = readPayLaterReturn(new URLSearchParams(location.search))
  if (returned.kind !== "none") history.replaceState(history.state, "", withoutReturnParameters(location.href))

  const escapeHtml = (text) => String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  // Exact: the kit formats the decimal amount in the page's locale, never through a float.
  const money = (amount, currency) => formatAmount(toMinorUnits(amount), currency, LOCALE)
  const render = (html) => (app.innerHTML = html)
  // An error is read out at once, information politely; both say it in words, not by colour.
  const message = (kind, text) =>
    `<div class="message ${kind}" id="${kind}-message" role="${kind === "error" ? "alert" : "status"}">${escapeHtml(text)}</div>`
  // A failed press in words at the top of `where`, in place of the failure before it: the
  // store's refusal (or that it did not answer) with what to do; the kit's own texts as they are.
  const showFailure = (where) => (error) => {
    document.getElementById("error-message")?.remove()
    const text = error.status === undefined ? error.message : t("failed", { reason: error.status === 0 ? t("unreachable") : error.message })
    where.insertAdjacentHTML("afterbegin", message("error", text))
  }
  // A button's or a form's press: one at a time on the page (press.js), a failure shown in `where`.
  const press = (where, action) => pressOnce(app, action, showFailure(where))

  async function currentCart() {
    const id = localStorage.getItem(CART_KEY)
    if (!id) return undefined
    try {
      const { cart } = await medusa.get(`/store/carts/${id}?${CART_FIELDS}`)
      if (!cart.completed_at) return cart
    } catch {
      // An unknown or deleted cart: start a new one.
    }
    localStorage.removeItem(CART_KEY)
    return undefined
  }

  function showCartCount(cart) {
    const count = (cart?.items || []).reduce((sum, item) => sum + Number(item.quantity), 0)
    document.getElementById("cart-count").textContent = String(count)
  }

  function unitPrice(product) {
    const price = product.variants[0].calculated_price
    return money(price.calculated_amount, price.currency_code)
  }

  // "Pay later on orders from £1.00 to £1,000.00." and "Or 4 payments of £12.49." for an
  // amount inside the account's limits; nothing outside them (the kit's payLaterMessage).
  async function payLaterLine(amount, currency) {
    const limits = await fetchLimits(store, { currencyCode: currency })
    const line = payLaterMessage(amount, currency, limits, { instalments: INSTALMENTS, locale: LOCALE })
    // The whole line in the page's locale's words; its lang says so to a screen reader.
    if (!line.show) return `<div id="pay-later-message" data-eligible="hidden"></div>`
    return `<div id="pay-later-message" class="pay-later-message" lang="${LOCALE}" data-eligible="${line.eligible}">${escapeHtml(line.text)}${
      line.instalmentText ? `<br><span id="pay-later-instalments">${escapeHtml(line.instalmentText)}</span>` : ""
    }</div>`
  }

  async function productsPage() {
    const { products } = await medusa.get(`/store/products?region_id=${regionId}&${PRICE_FIELDS}`)
    render(
      `<h1>${t("products")}</h1><div class="products">${products
        .map(
          (product) => `<div class="card"><a href="/products/${escapeHtml(product.handle)}"><h3>${escapeHtml(product.title)}</h3></a>
          <div class="price">${unitPrice(product)}</div></div>`,
        )
        .join("")}</div>`,
    )
  }

  async function productPage(handle) {
    const { products } = await medusa.get(`/store/products?handle=${encodeURIComponent(handle)}&region_id=${regionId}&${PRICE_FIELDS}`)
    const product = products[0]
    if (!product) return render(`<h1>${t("notFound")}</h1><p><a href="/">${t("allProducts")}</a></p>`)
    const price = product.variants[0].calculated_price
    render(`<section><h1 id="product-title">${escapeHtml(product.title)}</h1>
      <p class="price" id="product-price">${unitPrice(product)}</p>
      ${await payLaterLine(price.calculated_amount, price.currency_code)}
      <button id="add-to-cart">${t("addToCart")}</button>
      ${await expressSlot(price.calculated_amount, price.currency_code)}</section>`)
    // Express buys what the page shows, in a cart of its own: the shopper's basket is left alone.
    wireExpress(expressCartFor(store, { regionId, variantId: product.variants[0].id, quantity: 1 }, undefined, LOCALE))
    document.getElementById("add-to-cart").onclick = (event) =>
      press(event.target.closest("section"), async () => {
        let cart = await currentCart()
        if (!cart) {
          cart = (await medusa.post("/store/carts", { region_id: regionId, ...(chosenLanguage ? { locale: chosenLanguage } : {}) })).cart
          localStorage.setItem(CART_KEY, cart.id)
        }
        await medusa.post(`/store/carts/${cart.id}/line-items`, { variant_id: product.variants[0].id, quantity: 1 })
        location.href = "/cart"
      })
  }

  // Express checkout (docs/storefront.md, "Express checkout"): one button on the product and
  // cart pages, inside the limits only, like the message. The service's library is loaded
  // once; the popup opens in the click handler; the kit answers its callbacks through the
  // plugin's store routes and tells how it ended.
  async function expressSlot(amount, currency) {
    if (!expressLibraryUrl) return ""
    const line = payLaterMessage(amount, currency, await fetchLimits(store, { currencyCode: currency }))
    if (!line.show || !line.eligible) return ""
    return `<div id="express"><button id="express-checkout" class="secondary" disabled aria-busy="true">${escapeHtml(shopperText("expressButton", LOCALE))}</button></div>`
  }

  function wireExpress(cart) {
    const button = document.getElementById("express-checkout")
    if (!button) return
    loadExpressLibrary(expressLibraryUrl).then((library) => {
      if (!library) return document.getElementById("express").remove()
      button.disabled = false
      button.removeAttribute("aria-busy")
      // Synchronous: the library opens its popup inside the click.
      button.onclick = () => {
        document.getElementById("express-message")?.remove()
        openExpressCheckout(library, {
          config: store,
          countryCode: region.countryCode,
          cart,
          locale: LOCALE,
          onCompleting: () => (button.disabled = true),
          onOutcome: (outcome) => {
            if (outcome.orderId) {
              location.href = `/order/${encodeURIComponent(outcome.orderId)}/confirmed`
              return
            }
            button.disabled = false
            button.insertAdjacentHTML(
              "afterend",
              `<div class="message error" id="express-message" role="alert" data-reason="${escapeHtml(outcome.error.reason)}">${escapeHtml(outcome.error.message)}</div>`,
            )
          },
        })
      }
    })
  }

  function cartTable(cart) {
    const row = (label, amount, extra = "") =>
      `<tr${extra}><td>${label}</td><td class="amount">${money(amount, cart.currency_code)}</td></tr>`
    return `<table id="cart-lines">${cart.items
      .map((item) => row(`${escapeHtml(item.quantity)} × ${escapeHtml(item.product_title || item.title)}`, item.total))
      .join("")}
      ${cart.shipping_methods?.length ? row(escapeHtml(cart.shipping_methods[0].name), cart.shipping_total) : ""}
      ${row(t("total"), cart.total, ' class="total" id="cart-total"')}</table>`
  }

  async function cartPage() {
    const cart = await currentCart()
    showCartCount(cart)
    if (!cart?.items?.length) return render(`<h1>${t("yourCart")}</h1><p>${t("empty")} <a href="/">${t("shop")}</a></p>`)
    render(`<h1>${t("yourCart")}</h1><section>${cartTable(cart)}${await payLaterLine(cart.total, cart.currency_code)}
      <a class="button" href="/checkout" id="go-to-checkout">${t("checkout")}</a>
      ${await expressSlot(cart.total, cart.currency_code)}</section>`)
    wireExpress(cart.id)
  }

  const SAMPLE_ADDRESSES = {
    gb: {
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "12 St James's Square",
      city: "London",
      postal_code: "SW1Y 4JH",
      phone: "+44 20 7946 0958",
    },
    de: {
      first_name: "Emmy",
      last_name: "Noether",
      address_1: "Unter den Linden 6",
      city: "Berlin",
      postal_code: "10117",
      phone: "+49 30 2093 0",
    },
  }
  const SAMPLE_ADDRESS = SAMPLE_ADDRESSES[region.countryCode] || SAMPLE_ADDRESSES.gb

  // Medusa gives a new cart an empty address in the region's only country: details count as
  // given once the shopper saved an email and a street address.
  const detailsSaved = (cart) => Boolean(cart.email && cart.shipping_address?.address_1)

  function detailsForm(cart) {
    const saved = detailsSaved(cart) ? cart.shipping_address : {}
    const field = (name) =>
      `<label for="${name}">${t(name)}</label><input type="text" id="${name}" name="${name}" value="${escapeHtml(saved[name] || SAMPLE_ADDRESS[name])}" required>`
    return `<section id="details"><h2>${t("details")}</h2><form id="details-form">
      <label for="email">${t("email")}</label><input type="email" id="email" name="email" value="${escapeHtml(cart.email || "ada@example.com")}" required>
      ${field("first_name")}${field("last_name")}
      ${field("address_1")}${field("city")}
      ${field("postal_code")}${field("phone")}
      <p class="muted">${t("country")}: ${escapeHtml(region.countryName)}</p>
      <button type="submit" id="continue-to-delivery">${t("toDelivery")}</button></form></section>`
  }

  async function deliverySection(cart) {
    const { shipping_options: listed } = await medusa.get(`/store/shipping-options?cart_id=${cart.id}`)
    // Cheapest first (the API's order is not fixed), and the cheapest is the default.
    const price = (option) => Number(option.calculated_price?.calculated_amount ?? option.amount)
    const options = [...listed].sort((a, b) => price(a) - price(b))
    const chosen = cart.shipping_methods?.[0]?.shipping_option_id || options[0]?.id
    return `<section id="delivery"><h2>${t("delivery")}</h2><form id="delivery-form"><fieldset><legend class="muted">${t("delivery").replace(/^\d+\. /, "")}</legend>${options
      .map(
        (
          option,
        ) => `<label class="option"><input type="radio" name="option_id" value="${escapeHtml(option.id)}"${option.id === chosen ? " checked" : ""}>
          ${escapeHtml(option.name)} (${money(price(option), cart.currency_code)})</label>`,
      )
      .join("")}</fieldset><button type="submit" id="continue-to-payment">${t("toPayment")}</button></form></section>`
  }

  async function paymentSection(cart) {
    const eligibility = await fetchCartEligibility(store, cart.id)
    const values = eligibility.minimumAmount
      ? { minimum: money(eligibility.minimumAmount, cart.currency_code), maximum: money(eligibility.maximumAmount, cart.currency_code) }
      : {}
    const payLater = eligibility.eligible
      ? `<div class="option"><p><strong>${t("payLater")}</strong>: ${t("payLaterAbout")}</p>
         <button id="pay-later" lang="${LOCALE}">${escapeHtml(shopperText("payLaterButton", LOCALE))}</button></div>`
      : `<p id="pay-later-unavailable" class="muted" lang="${LOCALE}">${escapeHtml(messageFor(eligibility.reason || "not_eligible", {}, values, LOCALE, eligibility.messages))}</p>`
    const manual = `<div class="option"><p><strong>${t("manual")}</strong>: ${t("manualAbout")} (${MANUAL_PROVIDER}).</p>
         <button id="pay-manually" class="secondary">${t("placeManually")}</button></div>`
    return `<section id="payment"><h2>${t("payment")}</h2>${cartTable(cart)}${payLater}${manual}</section>`
  }

  // The sandbox's page in the shop's language (docs/sandbox.md "Languages"): the demo only, since
  // the real service's screens choose their own language.
  function inShopperLanguage(redirectUrl) {
    const url = new URL(redirectUrl)
    url.searchParams.set("locale", LOCALE)
    return url.href
  }

  // Pay later through the kit: a new payment session for the provider the cart's region
  // offers (pp_bnpl_bnpl for GBP, pp_bnpl_bnpl-eu for EUR), then the service's own page.
  async function payLater(cart) {
    const started = await startPayLaterCheckout(store, cart.id, { locale: LOCALE })
    if (started.error) throw new Error(started.error.message)
    location.href = inShopperLanguage(started.redirectUrl)
  }

  // Medusa's manual provider: a payment session, then the cart is completed here.
  async function payManually(cart) {
    const { payment_collection: collection } = await medusa.post("/store/payment-collections", { cart_id: cart.id })
    await medusa.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: MANUAL_PROVIDER })
    const completed = await medusa.post(`/store/carts/${cart.id}/complete`)
    if (completed.type !== "order") throw new Error(completed.error?.message || "The order could not be placed.")
    location.href = `/order/${completed.order.id}/confirmed`
  }

  async function checkoutPage() {
    const cart = await currentCart()
    showCartCount(cart)
    if (!cart?.items?.length) return render(`<h1>${t("checkout")}</h1><p>${t("empty")} <a href="/">${t("shop")}</a></p>`)
    const notice =
      returned.kind === "error"
        ? message("error", messageFor(returned.reason, {}, {}, LOCALE))
        : returned.kind === "processing"
          ? message("info", messageFor("processing", {}, {}, LOCALE))
          : ""
    const sections = [detailsForm(cart)]
    if (detailsSaved(cart)) sections.push(await deliverySection(cart))
    if (detailsSaved(cart) && cart.shipping_methods?.length) sections.push(await paymentSection(cart))
    render(`<h1>${t("checkout")}</h1>${notice}${sections.join("")}`)

    // Each step's press saves it, then shows the checkout again with the next step (one press
    // at a time: a second write of the cart while the first runs would meet Medusa's lock).
    document.getElementById("details-form").onsubmit = (event) => {
      event.preventDefault()
      const form = Object.fromEntries(new FormData(event.target))
      const { email, ...address } = form
      const full = { ...address, country_code: region.countryCode }
      press(document.getElementById("details"), async () => {
        await medusa.post(`/store/carts/${cart.id}`, { email, shipping_address: full, billing_address: full })
        await checkoutPage()
      })
    }
    const delivery = document.getElementById("delivery-form")
    if (delivery) {
      delivery.onsubmit = (event) => {
        event.preventDefault()
        const optionId = new FormData(event.target).get("option_id")
        press(document.getElementById("delivery"), async () => {
          await medusa.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: optionId })
          await checkoutPage()
        })
      }
    }
    const pay = (id, how) => {
      const button = document.getElementById(id)
      if (button) button.onclick = () => press(document.getElementById("payment"), () => how(cart))
    }
    pay("pay-later", payLater)
    pay("pay-manually", payManually)
  }

  // What the shopper paid with: the order's payment provider, read from its payment collection
  // (its payments, else its authorised session).
  function paidBy(order) {
    const providers = (order.payment_collections || []).flatMap((collection) => [
      ...(collection.payments || []).map((payment) => payment.provider_id),
      ...(collection.payment_sessions || []).filter((session) => session.status === "authorized").map((session) => session.provider_id),
    ])
    if (providers.some((id) => String(id).startsWith("pp_bnpl_"))) return t("paidLater")
    if (providers.includes(MANUAL_PROVIDER)) return t("paidManually")
    return t("received")
  }

  async function orderPage(orderId) {
    const { order } = await medusa.get(
      `/store/orders/${orderId}?fields=%2Bpayment_status,%2Bpayment_collections.payments.*,%2Bpayment_collections.payment_sessions.*`,
    )
    // If the basket became this order, the next visit starts a new cart (currentCart forgets a
    // completed one); an express order from a product page leaves the basket as it was.
    showCartCount(await currentCart())
    const orderFor = t("orderFor", { id: `<span id="order-id">${escapeHtml(order.id)}</span>`, email: escapeHtml(order.email) })
    render(`<h1 id="order-confirmed">${escapeHtml(t("confirmed", { number: order.display_id }))}</h1>
      ${message("info", `${t("paymentIs")} ${paidBy(order)}`)}
      <p id="payment-status" lang="${LOCALE}">${escapeHtml(paymentStatusLabel(order.payment_status, LOCALE))}</p>
      <section><p class="muted">${orderFor}</p>
      ${cartTable({ ...order, shipping_total: order.shipping_total })}</section><p><a href="/">${t("continueShopping")}</a></p>`)
  }

  // The page behind Medusa's payment link (the admin's "Copy payment link"):
  // /payment-collection/{id}?order_id=. What an order still owes after an edit, exchange or
  // claim, paid later through the kit (docs/storefront.md "The payment link page").
  async function paymentLinkPage(collectionId) {
    const orderId = new URLSearchParams(location.search).get("order_id") || ""
    const read = await readPaymentLink(store, collectionId, orderId)
    if (read.error) return render(message("error", read.error.message))
    const { payment_collection: owed, order, pay_later: offer } = read.link
    const amount = (minor) => formatAmount(BigInt(minor), owed.currency_code, LOCALE)
    const notice =
      returned.kind === "error"
        ? message("error", messageFor(returned.reason, {}, {}, LOCALE))
        : returned.kind === "processing"
          ? message("info", "Your payment is being confirmed. Refresh this page in a moment.")
          : ""
    const lines = order.items
      .map(
        (item) =>
          `<tr><td>${escapeHtml(item.title)}</td><td>${escapeHtml(item.quantity)}</td><td>${escapeHtml(amount(item.unit_price_minor))}</td></tr>`,
      )
      .join("")
    const action = !owed.payable
      ? message("info", "Nothing is owed on this order.")
      : offer.eligible
        ? `<button id="pay-later">Pay ${escapeHtml(amount(owed.amount_minor))} later</button>`
        : message(
            "info",
            payLaterMessage(owed.amount, owed.currency_code, offer, { outside: "reason", locale: LOCALE }).text ||
              messageFor("not_eligible", {}, {}, LOCALE),
          )
    render(`<h1 id="payment-link">Order #${escapeHtml(order.display_id)}: <span id="amount-owed">${escapeHtml(amount(owed.amount_minor))}</span> to pay</h1>${notice}
      <table><thead><tr><th>Item</th><th>Quantity</th><th>Unit price</th></tr></thead><tbody>${lines}</tbody></table>${action}`)
    const button = document.getElementById("pay-later")
    if (!button) return
    button.onclick = () =>
      press(app, async () => {
        const started = await startPayLaterForPaymentLink(store, collectionId, { providerId: offer.provider_id })
        if (started.error) throw new Error(started.error.message)
        location.href = inShopperLanguage(started.redirectUrl)
      })
  }

  async function route() {
    const path = location.pathname
    const segment = (pattern) => {
      const match = path.match(pattern)
      return match ? decodeURIComponent(match[1]) : undefined
    }
    if (path === "/") return productsPage()
    const handle = segment(/^\/products\/([^/]+)$/)
    if (handle) return productPage(handle)
    if (path === "/cart") return cartPage()
    if (path === "/checkout") return checkoutPage()
    const orderId = segment(/^\/order\/([^/]+)\/confirmed$/)
    if (orderId) return orderPage(orderId)
    const collectionId = segment(/^\/payment-collection\/([^/]+)$/)
    if (collectionId) return paymentLinkPage(collectionId)
    render(`<h1>${t("notFound")}</h1><p><a href="/">${t("allProducts")}</a></p>`)
  }

  // The region switch: a new region starts a new cart (prices and currency are the region's).
  const switcher = document.getElementById("region")
  switcher.innerHTML = regions
    .map(
      (candidate) =>
        `<option value="${escapeHtml(candidate.id)}"${candidate.id === regionId ? " selected" : ""}>${escapeHtml(candidate.name)} (${escapeHtml(candidate.currency.toUpperCase())})</option>`,
    )
    .join("")
  switcher.onchange = () => {
    localStorage.setItem(REGION_KEY, switcher.value)
    localStorage.removeItem(CART_KEY)
    location.href = "/"
  }

  // The language switch: kept for the next carts and set as this cart's locale.
  const languages = document.getElementById("language")
  languages.innerHTML = [["", t("automatic")], ...Object.entries(LANGUAGES)]
    .map(
      ([tag, name]) =>
        `<option value="${tag}"${tag === chosenLanguage ? " selected" : ""}${tag ? ` lang="${tag}"` : ""}>${escapeHtml(name)}</option>`,
    )
    .join("")
  languages.onchange = async () => {
    localStorage.setItem(LANGUAGE_KEY, languages.value)
    const id = localStorage.getItem(CART_KEY)
    if (id) await medusa.post(`/store/carts/${id}`, { locale: languages.value || null }).catch(() => undefined)
    location.reload()
  }

  // The cart's locale decides the page's language (else the chosen one, else the region's).
  currentCart()
    .then((cart) => {
      LOCALE = shopperLocale({ cartLocale: cart?.locale, locale: chosenLanguage || undefined, countryCode: region.countryCode })
      showCartCount(cart)
    })
    .catch(() => undefined)
    .then(() => {
      document.documentElement.lang = LOCALE
      document.getElementById("region-label").textContent = t("region")
      document.getElementById("language-label").textContent = t("language")
      document.getElementById("cart-label").textContent = t("cart")
      document.querySelector("footer").textContent = t("footer")
      return route()
    })
    .catch((error) => render(message("error", error.message)))
})()
