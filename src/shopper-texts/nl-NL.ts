import type { ShopperCatalogue } from "./en-GB"

/**
 * Shopper texts in Dutch (the Netherlands), written for Dutch shoppers: "Achteraf betalen",
 * "in 4 termijnen zonder rente", "winkelmand", "kassa", the informal "je" Dutch shops use.
 */
export const NL_NL: ShopperCatalogue = {
  invalid_return: "We konden deze betaling niet aan je winkelmand koppelen. Controleer je winkelmand en betaal opnieuw.",
  cart_not_found: "We konden je winkelmand niet vinden. Begin opnieuw.",
  link_not_found: "Deze betaallink is niet geldig. Vraag de winkel om een nieuwe.",
  cart_changed:
    "Je winkelmand is gewijzigd nadat je Achteraf betalen had goedgekeurd. Controleer je winkelmand en keur de betaling opnieuw goed.",
  amount_changed: "Het totaal van je winkelmand is gewijzigd nadat je Achteraf betalen had goedgekeurd. Start de betaling opnieuw.",
  order_failed:
    "Je bestelling kon niet worden geplaatst (een artikel is misschien uitverkocht). Je betaling met Achteraf betalen is geannuleerd; controleer je winkelmand.",
  order_on_hold: "Je betaling is goedgekeurd; de winkel controleert je bestelling en neemt contact met je op.",
  cancelled: "Je hebt Achteraf betalen geannuleerd. Kies een betaalmethode om verder te gaan.",
  declined: "Achteraf betalen is geweigerd. Kies een andere betaalmethode.",
  expired: "Je sessie voor Achteraf betalen is verlopen. Probeer het opnieuw.",
  not_confirmed: "Je betaling is nog niet bevestigd. Probeer het opnieuw.",
  payment_failed: "De betaling kon niet worden voltooid. Probeer het opnieuw of kies een andere betaalmethode.",
  processing: "We bevestigen je betaling. Dit duurt meestal maar een paar seconden.",
  processing_timeout:
    "Het bevestigen van je betaling duurt langer dan normaal. Kijk in je e-mail of je een orderbevestiging hebt ontvangen voordat je opnieuw betaalt.",
  not_eligible: "Achteraf betalen is niet beschikbaar voor deze winkelmand.",
  missing_email: "Vul je e-mailadres in voordat je Achteraf betalen kiest.",
  invalid_checkout: "Achteraf betalen kon niet worden gestart voor deze winkelmand. Kies een andere betaalmethode.",
  service_unavailable: "Achteraf betalen reageert op dit moment niet. Probeer het zo opnieuw.",
  network: "We konden de winkel niet bereiken. Controleer je verbinding en probeer het opnieuw.",
  unknown: "Achteraf betalen kon niet worden gestart. Probeer het opnieuw of kies een andere betaalmethode.",
  below_minimum: "Achteraf betalen is mogelijk bij bestellingen van {minimum} tot {maximum}.",
  above_maximum: "Achteraf betalen is mogelijk bij bestellingen van {minimum} tot {maximum}.",
  unsupported_currency: "Achteraf betalen is niet mogelijk in deze valuta.",
  not_in_region: "Achteraf betalen is niet mogelijk in deze regio.",
  excluded_items: "Achteraf betalen is niet mogelijk voor sommige artikelen in je winkelmand.",
  disabled: "Achteraf betalen is op dit moment niet mogelijk.",
  limits_unavailable: "Achteraf betalen is nu niet beschikbaar.",
  outside_limits: "Achteraf betalen is niet mogelijk voor het totaalbedrag van deze winkelmand.",
  origin_not_allowed: "Snel afrekenen met Achteraf betalen is niet beschikbaar op deze site. Ga naar de kassa.",
  address_unsupported: "We leveren niet op het gekozen adres. Kies een ander adres of ga naar de kassa.",
  address_unrecognized: "We herkennen het gekozen adres niet. Controleer het of ga naar de kassa.",
  express_unavailable:
    "Snel afrekenen met Achteraf betalen kon niet worden geopend. Sta pop-ups toe voor deze site, probeer het opnieuw of ga naar de kassa.",
  available: "Achteraf betalen bij bestellingen van {minimum} tot {maximum}.",
  instalmentText: "Of betaal in {count} termijnen van {instalment} zonder rente.",
  payLaterButton: "Verder met Achteraf betalen",
  expressButton: "Snel afrekenen met Achteraf betalen",
  tryAgain: "Opnieuw proberen",
  statusPaid: "Betaald",
  statusPartlyPaid: "Deels betaald",
  statusApproved: "Goedgekeurd: je betaalt later, zoals afgesproken met de betaaldienst",
  statusRefunded: "Terugbetaald",
  statusPartlyRefunded: "Deels terugbetaald",
  statusCancelled: "Geannuleerd",
  statusAwaiting: "Wacht op betaling",
}
