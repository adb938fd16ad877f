// The demo storefront's own words (its pages around the kit), per language the kit speaks. The
// kit's texts (the message, the buttons, the reasons, the payment status) come from the kit
// itself (docs/storefront.md "Languages"); these are only the demo's headings and labels.
export const LANGUAGES = { "en-GB": "English", "fr-FR": "Français", "de-DE": "Deutsch", "es-ES": "Español", "it-IT": "Italiano", "nl-NL": "Nederlands" }

const WORDS = {
  "en-GB": {
    region: "Region", language: "Language", automatic: "From the region", cart: "Cart", footer: "A demo of medusa-payment-bnpl against the local sandbox: no money moves.",
    products: "Products", notFound: "Not found", allProducts: "All products", addToCart: "Add to cart", yourCart: "Your cart", empty: "Your cart is empty.", shop: "Shop",
    checkout: "Checkout", total: "Total", details: "1. Your details", email: "Email", first_name: "First name", last_name: "Last name", address_1: "Address", city: "City",
    postal_code: "Postcode", phone: "Phone", country: "Country", toDelivery: "Continue to delivery", delivery: "2. Delivery", toPayment: "Continue to payment", payment: "3. Payment",
    payLater: "Pay later", payLaterAbout: "get your order now and pay later, through the pay later service. You confirm on their page and come back here.",
    manual: "Manual payment", manualAbout: "Medusa's built-in test provider", placeManually: "Place order with manual payment",
    confirmed: "Thank you! Order #{number} is confirmed", paymentIs: "Payment:", paidLater: "Pay later. The pay later service will send you the payment schedule.",
    paidManually: "manual payment.", received: "received.", orderFor: "Order {id} for {email}", continueShopping: "Continue shopping",
    failed: "That did not go through: {reason} Please try again.", unreachable: "the store did not answer.",
  },
  "fr-FR": {
    region: "Région", language: "Langue", automatic: "Selon la région", cart: "Panier", footer: "Une démo de medusa-payment-bnpl avec le bac à sable local\u00a0: aucun argent ne circule.",
    products: "Produits", notFound: "Page introuvable", allProducts: "Tous les produits", addToCart: "Ajouter au panier", yourCart: "Votre panier", empty: "Votre panier est vide.", shop: "Boutique",
    checkout: "Commander", total: "Total", details: "1. Vos coordonnées", email: "E-mail", first_name: "Prénom", last_name: "Nom", address_1: "Adresse", city: "Ville",
    postal_code: "Code postal", phone: "Téléphone", country: "Pays", toDelivery: "Continuer vers la livraison", delivery: "2. Livraison", toPayment: "Continuer vers le paiement", payment: "3. Paiement",
    payLater: "Payer plus tard", payLaterAbout: "recevez votre commande maintenant et payez plus tard le service de paiement. Vous confirmez sur sa page, puis revenez ici.",
    manual: "Paiement manuel", manualAbout: "le fournisseur de test intégré à Medusa", placeManually: "Commander avec le paiement manuel",
    confirmed: "Merci\u00a0! Votre commande n° {number} est confirmée", paymentIs: "Paiement\u00a0:", paidLater: "Payer plus tard. Le service de paiement vous enverra l'échéancier.",
    paidManually: "paiement manuel.", received: "reçu.", orderFor: "Commande {id} pour {email}", continueShopping: "Continuer vos achats",
    failed: "L'opération n'a pas abouti\u00a0: {reason} Veuillez réessayer.", unreachable: "la boutique n'a pas répondu.",
  },
  "de-DE": {
    region: "Region", language: "Sprache", automatic: "Nach Region", cart: "Warenkorb", footer: "Eine Demo von medusa-payment-bnpl mit der lokalen Sandbox: Es fließt kein Geld.",
    products: "Produkte", notFound: "Nicht gefunden", allProducts: "Alle Produkte", addToCart: "In den Warenkorb", yourCart: "Ihr Warenkorb", empty: "Ihr Warenkorb ist leer.", shop: "Zum Shop",
    checkout: "Zur Kasse", total: "Gesamt", details: "1. Ihre Angaben", email: "E-Mail", first_name: "Vorname", last_name: "Nachname", address_1: "Adresse", city: "Ort",
    postal_code: "Postleitzahl", phone: "Telefon", country: "Land", toDelivery: "Weiter zum Versand", delivery: "2. Versand", toPayment: "Weiter zur Zahlung", payment: "3. Zahlung",
    payLater: "Später bezahlen", payLaterAbout: "Sie erhalten Ihre Bestellung jetzt und bezahlen den Zahlungsdienst später. Sie bestätigen auf seiner Seite und kommen hierher zurück.",
    manual: "Manuelle Zahlung", manualAbout: "der eingebaute Testanbieter von Medusa", placeManually: "Mit manueller Zahlung bestellen",
    confirmed: "Vielen Dank! Bestellung Nr. {number} ist bestätigt", paymentIs: "Zahlung:", paidLater: "Später bezahlen. Der Zahlungsdienst schickt Ihnen den Zahlungsplan.",
    paidManually: "manuelle Zahlung.", received: "erhalten.", orderFor: "Bestellung {id} für {email}", continueShopping: "Weiter einkaufen",
    failed: "Das hat nicht geklappt: {reason} Bitte versuchen Sie es erneut.", unreachable: "der Shop hat nicht geantwortet.",
  },
  "es-ES": {
    region: "Región", language: "Idioma", automatic: "Según la región", cart: "Cesta", footer: "Una demo de medusa-payment-bnpl con el sandbox local: no se mueve dinero.",
    products: "Productos", notFound: "No encontrado", allProducts: "Todos los productos", addToCart: "Añadir a la cesta", yourCart: "Tu cesta", empty: "Tu cesta está vacía.", shop: "Ir a la tienda",
    checkout: "Tramitar pedido", total: "Total", details: "1. Tus datos", email: "Correo electrónico", first_name: "Nombre", last_name: "Apellidos", address_1: "Dirección", city: "Ciudad",
    postal_code: "Código postal", phone: "Teléfono", country: "País", toDelivery: "Continuar al envío", delivery: "2. Envío", toPayment: "Continuar al pago", payment: "3. Pago",
    payLater: "Pago aplazado", payLaterAbout: "recibe tu pedido ahora y paga más tarde al servicio de pago aplazado. Confirmas en su página y vuelves aquí.",
    manual: "Pago manual", manualAbout: "el proveedor de pruebas integrado en Medusa", placeManually: "Hacer el pedido con pago manual",
    confirmed: "¡Gracias! El pedido n.º {number} está confirmado", paymentIs: "Pago:", paidLater: "Pago aplazado. El servicio de pago aplazado te enviará el calendario de pagos.",
    paidManually: "pago manual.", received: "recibido.", orderFor: "Pedido {id} de {email}", continueShopping: "Seguir comprando",
    failed: "No se ha podido completar: {reason} Inténtalo de nuevo.", unreachable: "la tienda no ha respondido.",
  },
  "it-IT": {
    region: "Zona", language: "Lingua", automatic: "In base alla zona", cart: "Carrello", footer: "Una demo di medusa-payment-bnpl con la sandbox locale: non si muove denaro.",
    products: "Prodotti", notFound: "Pagina non trovata", allProducts: "Tutti i prodotti", addToCart: "Aggiungi al carrello", yourCart: "Il tuo carrello", empty: "Il tuo carrello è vuoto.", shop: "Vai al negozio",
    checkout: "Vai alla cassa", total: "Totale", details: "1. I tuoi dati", email: "E-mail", first_name: "Nome", last_name: "Cognome", address_1: "Indirizzo", city: "Città",
    postal_code: "CAP", phone: "Telefono", country: "Paese", toDelivery: "Continua con la spedizione", delivery: "2. Spedizione", toPayment: "Continua con il pagamento", payment: "3. Pagamento",
    payLater: "Pagamento posticipato", payLaterAbout: "ricevi subito l'ordine e paga più tardi il servizio di pagamento posticipato. Confermi sulla sua pagina e torni qui.",
    manual: "Pagamento manuale", manualAbout: "il fornitore di prova integrato in Medusa", placeManually: "Ordina con pagamento manuale",
    confirmed: "Grazie! L'ordine n. {number} è confermato", paymentIs: "Pagamento:", paidLater: "Pagamento posticipato. Il servizio di pagamento posticipato ti invierà il piano delle rate.",
    paidManually: "pagamento manuale.", received: "ricevuto.", orderFor: "Ordine {id} per {email}", continueShopping: "Continua gli acquisti",
    failed: "L'operazione non è riuscita: {reason} Riprova.", unreachable: "il negozio non ha risposto.",
  },
  "nl-NL": {
    region: "Regio", language: "Taal", automatic: "Volgens de regio", cart: "Winkelmand", footer: "Een demo van medusa-payment-bnpl met de lokale sandbox: er wordt geen geld verplaatst.",
    products: "Producten", notFound: "Niet gevonden", allProducts: "Alle producten", addToCart: "In winkelmand", yourCart: "Je winkelmand", empty: "Je winkelmand is leeg.", shop: "Naar de winkel",
    checkout: "Afrekenen", total: "Totaal", details: "1. Je gegevens", email: "E-mail", first_name: "Voornaam", last_name: "Achternaam", address_1: "Adres", city: "Plaats",
    postal_code: "Postcode", phone: "Telefoon", country: "Land", toDelivery: "Verder naar bezorging", delivery: "2. Bezorging", toPayment: "Verder naar betalen", payment: "3. Betalen",
    payLater: "Achteraf betalen", payLaterAbout: "ontvang je bestelling nu en betaal de betaaldienst later. Je bevestigt op hun pagina en komt hier terug.",
    manual: "Handmatige betaling", manualAbout: "de ingebouwde testprovider van Medusa", placeManually: "Bestellen met handmatige betaling",
    confirmed: "Bedankt! Bestelling nr. {number} is bevestigd", paymentIs: "Betaling:", paidLater: "Achteraf betalen. De betaaldienst stuurt je het betaalschema.",
    paidManually: "handmatige betaling.", received: "ontvangen.", orderFor: "Bestelling {id} voor {email}", continueShopping: "Verder winkelen",
    failed: "Dat is niet gelukt: {reason} Probeer het opnieuw.", unreachable: "de winkel reageerde niet.",
  },
}

/** The demo's word for `key` in `locale` (else English), `{name}` filled from `values`. */
export function word(locale, key, values = {}) {
  const text = (WORDS[locale] || WORDS["en-GB"])[key] ?? WORDS["en-GB"][key]
  return text.replace(/\{(\w+)\}/g, (match, name) => values[name] ?? match)
}
