/**
 * The words of the sandbox's consumer screens (the checkout page behind `redirectCheckoutUrl`
 * and the express popup) in the languages the storefront kit speaks, so the demo can be
 * walked in each of them. The real service's screens are its own, in its own words; these
 * only stand in for them (docs/sandbox.md "Languages").
 *
 * The screen's language: the `locale` query parameter (`?locale=fr-FR`; the demo storefront
 * and the express library add it from the shop page's language), else the browser's
 * `Accept-Language`, else en-GB. A tag the sandbox lacks falls back by its language ("fr-BE"
 * -> fr-FR), then to en-GB.
 */

export const SCREEN_LOCALES = ["en-GB", "fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL"] as const
export type ScreenLocale = (typeof SCREEN_LOCALES)[number]

const EN = {
  pay: "Pay {merchant}",
  payLater: "Pay {merchant} later",
  account: "Account:",
  yourOrder: "Your order",
  item: "Item",
  each: "({price} each)",
  discount: "Discount",
  shipping: "Shipping",
  tax: "Tax",
  taxIncluded: "Tax (included)",
  total: "Total",
  plan: "Your payment plan",
  today: "Today",
  everyWeek: "every week",
  everyTwoWeeks: "every two weeks",
  everyDays: "every {days} days",
  onePayment: "1 payment, today",
  payments: "{count} payments, the first today, then {every}",
  confirm: "Confirm",
  decline: "Confirm, card will be declined",
  cancel: "Cancel",
  unavailable: "Checkout unavailable",
  unknown: "This checkout does not exist.",
  express: "This is an express checkout: it is confirmed in the popup the merchant's page opens.",
  expired: "This checkout has expired. Please return to the shop and start again.",
  completed: "This checkout has already been used.",
  checkout: "Checkout",
  confirmed: "Payment confirmed",
  cancelled: "Payment cancelled",
  noReturnUrl: "The merchant gave no return URL; you can close this page.",
  note: "Local sandbox of the buy-now-pay-later service: no money moves.",
  opening: "Opening checkout",
  openingTheCheckout: "Opening the checkout\u2026",
  pleaseWait: "Please wait while the shop prepares your order.",
  deliverTo: "Deliver to",
  delivery: "Delivery",
  // The popup script's messages.
  SHIPPING_ADDRESS_UNSUPPORTED: "The shop does not deliver to this address. Choose another one.",
  SHIPPING_ADDRESS_UNRECOGNIZED: "The shop could not recognise this address. Choose another one.",
  SERVICE_UNAVAILABLE: "The shop could not answer just now. Try again, or choose another address.",
  NO_OPTIONS: "The shop offers no delivery to this address. Choose another one.",
  NO_OPENER: "This window was not opened by a shop's page, so no delivery options can be asked for.",
  asking: "Asking the shop for delivery options\u2026",
  orderTotal: "Order total {amount}",
  confirmedClose: "Payment confirmed. You can close this window.",
  cancelledShort: "Payment cancelled.",
  notRecorded: "Your answer was not recorded: {detail}",
}

/** A screen's words in one language: every key; `{name}` is filled in by `say`. */
export type ScreenWords = Record<keyof typeof EN, string>

const FR: ScreenWords = {
  pay: "Payer {merchant}",
  payLater: "Payer {merchant} plus tard",
  account: "Compte\u00a0:",
  yourOrder: "Votre commande",
  item: "Article",
  each: "({price} l'unité)",
  discount: "Remise",
  shipping: "Livraison",
  tax: "TVA",
  taxIncluded: "TVA (incluse)",
  total: "Total",
  plan: "Votre échéancier",
  today: "Aujourd'hui",
  everyWeek: "chaque semaine",
  everyTwoWeeks: "toutes les deux semaines",
  everyDays: "tous les {days} jours",
  onePayment: "1 paiement, aujourd'hui",
  payments: "{count} paiements, le premier aujourd'hui, puis {every}",
  confirm: "Confirmer",
  decline: "Confirmer, la carte sera refusée",
  cancel: "Annuler",
  unavailable: "Paiement indisponible",
  unknown: "Ce paiement n'existe pas.",
  express: "Ce paiement est un paiement express\u00a0: il se confirme dans la fenêtre ouverte par la page du marchand.",
  expired: "Ce paiement a expiré. Retournez sur la boutique et recommencez.",
  completed: "Ce paiement a déjà été utilisé.",
  checkout: "Paiement",
  confirmed: "Paiement confirmé",
  cancelled: "Paiement annulé",
  noReturnUrl: "Le marchand n'a pas indiqué d'adresse de retour\u00a0; vous pouvez fermer cette page.",
  note: "Bac à sable local du service de paiement différé\u00a0: aucun argent ne circule.",
  opening: "Ouverture du paiement",
  openingTheCheckout: "Ouverture du paiement\u2026",
  pleaseWait: "Veuillez patienter pendant que la boutique prépare votre commande.",
  deliverTo: "Livrer à",
  delivery: "Livraison",
  SHIPPING_ADDRESS_UNSUPPORTED: "La boutique ne livre pas à cette adresse. Choisissez-en une autre.",
  SHIPPING_ADDRESS_UNRECOGNIZED: "La boutique n'a pas reconnu cette adresse. Choisissez-en une autre.",
  SERVICE_UNAVAILABLE: "La boutique n'a pas pu répondre pour l'instant. Réessayez ou choisissez une autre adresse.",
  NO_OPTIONS: "La boutique ne propose aucune livraison à cette adresse. Choisissez-en une autre.",
  NO_OPENER: "Cette fenêtre n'a pas été ouverte par la page d'une boutique\u00a0: impossible de demander les options de livraison.",
  asking: "Demande des options de livraison à la boutique\u2026",
  orderTotal: "Total de la commande {amount}",
  confirmedClose: "Paiement confirmé. Vous pouvez fermer cette fenêtre.",
  cancelledShort: "Paiement annulé.",
  notRecorded: "Votre réponse n'a pas été enregistrée\u00a0: {detail}",
}

const DE: ScreenWords = {
  pay: "{merchant} bezahlen",
  payLater: "{merchant} später bezahlen",
  account: "Konto:",
  yourOrder: "Ihre Bestellung",
  item: "Artikel",
  each: "(je {price})",
  discount: "Rabatt",
  shipping: "Versand",
  tax: "MwSt.",
  taxIncluded: "MwSt. (enthalten)",
  total: "Gesamt",
  plan: "Ihr Zahlungsplan",
  today: "Heute",
  everyWeek: "jede Woche",
  everyTwoWeeks: "alle zwei Wochen",
  everyDays: "alle {days} Tage",
  onePayment: "1 Zahlung, heute",
  payments: "{count} Zahlungen, die erste heute, dann {every}",
  confirm: "Bestätigen",
  decline: "Bestätigen, Karte wird abgelehnt",
  cancel: "Abbrechen",
  unavailable: "Bezahlvorgang nicht verfügbar",
  unknown: "Diesen Bezahlvorgang gibt es nicht.",
  express: "Dies ist ein Expresskauf: Er wird im Fenster bestätigt, das die Seite des Händlers öffnet.",
  expired: "Dieser Bezahlvorgang ist abgelaufen. Bitte kehren Sie zum Shop zurück und beginnen Sie neu.",
  completed: "Dieser Bezahlvorgang wurde bereits verwendet.",
  checkout: "Bezahlvorgang",
  confirmed: "Zahlung bestätigt",
  cancelled: "Zahlung abgebrochen",
  noReturnUrl: "Der Händler hat keine Rücksprungadresse angegeben; Sie können diese Seite schließen.",
  note: "Lokale Sandbox des „Jetzt kaufen, später bezahlen“-Dienstes: Es fließt kein Geld.",
  opening: "Bezahlvorgang wird geöffnet",
  openingTheCheckout: "Der Bezahlvorgang wird geöffnet\u2026",
  pleaseWait: "Bitte warten Sie, während der Shop Ihre Bestellung vorbereitet.",
  deliverTo: "Liefern an",
  delivery: "Versand",
  SHIPPING_ADDRESS_UNSUPPORTED: "Der Shop liefert nicht an diese Adresse. Bitte wählen Sie eine andere.",
  SHIPPING_ADDRESS_UNRECOGNIZED: "Der Shop hat diese Adresse nicht erkannt. Bitte wählen Sie eine andere.",
  SERVICE_UNAVAILABLE: "Der Shop konnte gerade nicht antworten. Versuchen Sie es erneut oder wählen Sie eine andere Adresse.",
  NO_OPTIONS: "Der Shop bietet an diese Adresse keinen Versand an. Bitte wählen Sie eine andere.",
  NO_OPENER: "Dieses Fenster wurde nicht von der Seite eines Shops geöffnet, daher können keine Versandoptionen abgefragt werden.",
  asking: "Versandoptionen werden beim Shop abgefragt\u2026",
  orderTotal: "Bestellsumme {amount}",
  confirmedClose: "Zahlung bestätigt. Sie können dieses Fenster schließen.",
  cancelledShort: "Zahlung abgebrochen.",
  notRecorded: "Ihre Antwort wurde nicht gespeichert: {detail}",
}

const ES: ScreenWords = {
  pay: "Pagar a {merchant}",
  payLater: "Paga a {merchant} más tarde",
  account: "Cuenta:",
  yourOrder: "Tu pedido",
  item: "Artículo",
  each: "({price} cada uno)",
  discount: "Descuento",
  shipping: "Envío",
  tax: "IVA",
  taxIncluded: "IVA (incluido)",
  total: "Total",
  plan: "Tu calendario de pagos",
  today: "Hoy",
  everyWeek: "cada semana",
  everyTwoWeeks: "cada dos semanas",
  everyDays: "cada {days} días",
  onePayment: "1 pago, hoy",
  payments: "{count} pagos, el primero hoy y después {every}",
  confirm: "Confirmar",
  decline: "Confirmar, la tarjeta será rechazada",
  cancel: "Cancelar",
  unavailable: "Pago no disponible",
  unknown: "Este pago no existe.",
  express: "Este es un pago exprés: se confirma en la ventana que abre la página del comercio.",
  expired: "Este pago ha caducado. Vuelve a la tienda y empieza de nuevo.",
  completed: "Este pago ya se ha utilizado.",
  checkout: "Pago",
  confirmed: "Pago confirmado",
  cancelled: "Pago cancelado",
  noReturnUrl: "El comercio no indicó una dirección de vuelta; puedes cerrar esta página.",
  note: "Sandbox local del servicio de compra ahora, paga después: no se mueve dinero.",
  opening: "Abriendo el pago",
  openingTheCheckout: "Abriendo el pago\u2026",
  pleaseWait: "Espera mientras la tienda prepara tu pedido.",
  deliverTo: "Enviar a",
  delivery: "Envío",
  SHIPPING_ADDRESS_UNSUPPORTED: "La tienda no envía a esta dirección. Elige otra.",
  SHIPPING_ADDRESS_UNRECOGNIZED: "La tienda no ha reconocido esta dirección. Elige otra.",
  SERVICE_UNAVAILABLE: "La tienda no ha podido responder ahora mismo. Vuelve a intentarlo o elige otra dirección.",
  NO_OPTIONS: "La tienda no ofrece envío a esta dirección. Elige otra.",
  NO_OPENER: "Esta ventana no la abrió la página de una tienda, así que no se pueden pedir opciones de envío.",
  asking: "Pidiendo a la tienda las opciones de envío\u2026",
  orderTotal: "Total del pedido {amount}",
  confirmedClose: "Pago confirmado. Puedes cerrar esta ventana.",
  cancelledShort: "Pago cancelado.",
  notRecorded: "No se ha guardado tu respuesta: {detail}",
}

const IT: ScreenWords = {
  pay: "Paga {merchant}",
  payLater: "Paga {merchant} più tardi",
  account: "Account:",
  yourOrder: "Il tuo ordine",
  item: "Articolo",
  each: "({price} cad.)",
  discount: "Sconto",
  shipping: "Spedizione",
  tax: "IVA",
  taxIncluded: "IVA (inclusa)",
  total: "Totale",
  plan: "Il tuo piano di pagamento",
  today: "Oggi",
  everyWeek: "ogni settimana",
  everyTwoWeeks: "ogni due settimane",
  everyDays: "ogni {days} giorni",
  onePayment: "1 pagamento, oggi",
  payments: "{count} pagamenti, il primo oggi, poi {every}",
  confirm: "Conferma",
  decline: "Conferma, la carta verrà rifiutata",
  cancel: "Annulla",
  unavailable: "Pagamento non disponibile",
  unknown: "Questo pagamento non esiste.",
  express: "Questo è un pagamento express: si conferma nella finestra aperta dalla pagina dell'esercente.",
  expired: "Questo pagamento è scaduto. Torna al negozio e ricomincia.",
  completed: "Questo pagamento è già stato usato.",
  checkout: "Pagamento",
  confirmed: "Pagamento confermato",
  cancelled: "Pagamento annullato",
  noReturnUrl: "L'esercente non ha indicato un indirizzo di ritorno; puoi chiudere questa pagina.",
  note: "Sandbox locale del servizio compra ora, paga dopo: non si muove denaro.",
  opening: "Apertura del pagamento",
  openingTheCheckout: "Apertura del pagamento\u2026",
  pleaseWait: "Attendi mentre il negozio prepara il tuo ordine.",
  deliverTo: "Consegna a",
  delivery: "Spedizione",
  SHIPPING_ADDRESS_UNSUPPORTED: "Il negozio non spedisce a questo indirizzo. Scegline un altro.",
  SHIPPING_ADDRESS_UNRECOGNIZED: "Il negozio non ha riconosciuto questo indirizzo. Scegline un altro.",
  SERVICE_UNAVAILABLE: "Il negozio non ha potuto rispondere in questo momento. Riprova o scegli un altro indirizzo.",
  NO_OPTIONS: "Il negozio non offre spedizioni a questo indirizzo. Scegline un altro.",
  NO_OPENER: "Questa finestra non è stata aperta dalla pagina di un negozio, quindi non si possono chiedere le opzioni di spedizione.",
  asking: "Richiesta delle opzioni di spedizione al negozio\u2026",
  orderTotal: "Totale ordine {amount}",
  confirmedClose: "Pagamento confermato. Puoi chiudere questa finestra.",
  cancelledShort: "Pagamento annullato.",
  notRecorded: "La tua risposta non è stata registrata: {detail}",
}

const NL: ScreenWords = {
  pay: "{merchant} betalen",
  payLater: "{merchant} achteraf betalen",
  account: "Account:",
  yourOrder: "Je bestelling",
  item: "Artikel",
  each: "({price} per stuk)",
  discount: "Korting",
  shipping: "Verzending",
  tax: "Btw",
  taxIncluded: "Btw (inbegrepen)",
  total: "Totaal",
  plan: "Je betaalschema",
  today: "Vandaag",
  everyWeek: "elke week",
  everyTwoWeeks: "elke twee weken",
  everyDays: "elke {days} dagen",
  onePayment: "1 betaling, vandaag",
  payments: "{count} betalingen, de eerste vandaag, daarna {every}",
  confirm: "Bevestigen",
  decline: "Bevestigen, kaart wordt geweigerd",
  cancel: "Annuleren",
  unavailable: "Betaling niet beschikbaar",
  unknown: "Deze betaling bestaat niet.",
  express: "Dit is een snelle betaling: die bevestig je in het venster dat de pagina van de verkoper opent.",
  expired: "Deze betaling is verlopen. Ga terug naar de winkel en begin opnieuw.",
  completed: "Deze betaling is al gebruikt.",
  checkout: "Betaling",
  confirmed: "Betaling bevestigd",
  cancelled: "Betaling geannuleerd",
  noReturnUrl: "De verkoper gaf geen terugkeeradres op; je kunt deze pagina sluiten.",
  note: "Lokale sandbox van de dienst voor nu kopen, later betalen: er wordt geen geld verplaatst.",
  opening: "Betaling openen",
  openingTheCheckout: "De betaling wordt geopend\u2026",
  pleaseWait: "Even geduld, de winkel bereidt je bestelling voor.",
  deliverTo: "Bezorgen op",
  delivery: "Bezorging",
  SHIPPING_ADDRESS_UNSUPPORTED: "De winkel bezorgt niet op dit adres. Kies een ander adres.",
  SHIPPING_ADDRESS_UNRECOGNIZED: "De winkel herkent dit adres niet. Kies een ander adres.",
  SERVICE_UNAVAILABLE: "De winkel kon nu niet antwoorden. Probeer het opnieuw of kies een ander adres.",
  NO_OPTIONS: "De winkel bezorgt niet op dit adres. Kies een ander adres.",
  NO_OPENER: "Dit venster is niet geopend door de pagina van een winkel, dus er kunnen geen bezorgopties worden opgevraagd.",
  asking: "Bezorgopties opvragen bij de winkel\u2026",
  orderTotal: "Totaal bestelling {amount}",
  confirmedClose: "Betaling bevestigd. Je kunt dit venster sluiten.",
  cancelledShort: "Betaling geannuleerd.",
  notRecorded: "Je antwoord is niet opgeslagen: {detail}",
}

const WORDS: Record<ScreenLocale, ScreenWords> = { "en-GB": EN, "fr-FR": FR, "de-DE": DE, "es-ES": ES, "it-IT": IT, "nl-NL": NL }

/** The screen's words in `locale`. */
export function screenWords(locale: ScreenLocale): ScreenWords {
  return WORDS[locale]
}

/** `text` with each `{name}` replaced by `values[name]` (plain text: escape it for HTML after). */
export function say(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** The sandbox's locale for a BCP 47 tag ("fr", "fr-BE", "FR-fr" -> fr-FR), or undefined. */
function supported(tag: string): ScreenLocale | undefined {
  const wanted = tag.trim().toLowerCase()
  return SCREEN_LOCALES.find((locale) => locale.toLowerCase() === wanted) ?? SCREEN_LOCALES.find((locale) => locale.slice(0, 2) === wanted.slice(0, 2))
}

/**
 * The screen's language: the `locale` query parameter of `url` (the request's path and query;
 * the sandbox's Express app parses no query itself: server.ts), else the first language of
 * `acceptLanguage` the sandbox has (in the header's order; q-values are not weighed), else en-GB.
 */
export function screenLocale(url: string, acceptLanguage: string | undefined): ScreenLocale {
  const locale = new URL(url, "http://sandbox.invalid").searchParams.get("locale")
  if (locale) {
    const chosen = supported(locale)
    if (chosen) return chosen
  }
  for (const entry of (acceptLanguage ?? "").split(",")) {
    const chosen = entry.split(";")[0] && supported(entry.split(";")[0])
    if (chosen) return chosen
  }
  return "en-GB"
}
