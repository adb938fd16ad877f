import type { ShopperCatalogue } from "./en-GB"

/**
 * Shopper texts in German (Germany), written for German shoppers: the method as
 * „Später bezahlen“, "in 4 Raten zinsfrei", "Warenkorb", "Kasse", the formal "Sie".
 */
export const DE_DE: ShopperCatalogue = {
  invalid_return: "Wir konnten diese Zahlung Ihrem Warenkorb nicht zuordnen. Bitte prüfen Sie Ihren Warenkorb und bezahlen Sie erneut.",
  cart_not_found: "Ihr Warenkorb wurde nicht gefunden. Bitte beginnen Sie von vorn.",
  link_not_found: "Dieser Zahlungslink ist ungültig. Bitte fordern Sie beim Shop einen neuen an.",
  cart_changed:
    "Ihr Warenkorb hat sich geändert, nachdem Sie „Später bezahlen“ zugestimmt haben. Bitte prüfen Sie ihn und bestätigen Sie die Zahlung erneut.",
  amount_changed:
    "Ihre Warenkorbsumme hat sich geändert, nachdem Sie „Später bezahlen“ zugestimmt haben. Bitte starten Sie die Zahlung neu.",
  order_failed:
    "Ihre Bestellung konnte nicht aufgegeben werden (ein Artikel ist möglicherweise nicht mehr vorrätig). Ihre Zahlung mit „Später bezahlen“ wurde storniert; bitte prüfen Sie Ihren Warenkorb.",
  order_on_hold: "Ihre Zahlung ist genehmigt; der Shop prüft Ihre Bestellung und meldet sich bei Ihnen.",
  cancelled: "Sie haben „Später bezahlen“ abgebrochen. Wählen Sie eine Zahlungsart, um fortzufahren.",
  declined: "„Später bezahlen“ wurde abgelehnt. Bitte wählen Sie eine andere Zahlungsart.",
  expired: "Ihre Sitzung für „Später bezahlen“ ist abgelaufen. Bitte versuchen Sie es erneut.",
  not_confirmed: "Ihre Zahlung ist noch nicht bestätigt. Bitte versuchen Sie es erneut.",
  payment_failed: "Die Zahlung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.",
  processing: "Wir bestätigen Ihre Zahlung. Das dauert meist nur wenige Sekunden.",
  processing_timeout:
    "Die Bestätigung Ihrer Zahlung dauert länger als üblich. Bitte sehen Sie in Ihren E-Mails nach einer Bestellbestätigung, bevor Sie erneut bezahlen.",
  not_eligible: "„Später bezahlen“ ist für diesen Warenkorb nicht verfügbar.",
  missing_email: "Bitte geben Sie Ihre E-Mail-Adresse ein, bevor Sie „Später bezahlen“ wählen.",
  invalid_checkout: "„Später bezahlen“ konnte für diesen Warenkorb nicht gestartet werden. Bitte wählen Sie eine andere Zahlungsart.",
  service_unavailable: "„Später bezahlen“ antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.",
  network: "Wir konnten den Shop nicht erreichen. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  unknown: "„Später bezahlen“ konnte nicht gestartet werden. Bitte versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.",
  below_minimum: "„Später bezahlen“ ist für Bestellungen von {minimum} bis {maximum} verfügbar.",
  above_maximum: "„Später bezahlen“ ist für Bestellungen von {minimum} bis {maximum} verfügbar.",
  unsupported_currency: "„Später bezahlen“ ist in dieser Währung nicht verfügbar.",
  not_in_region: "„Später bezahlen“ ist in dieser Region nicht verfügbar.",
  excluded_items: "„Später bezahlen“ ist für einige Artikel in Ihrem Warenkorb nicht verfügbar.",
  disabled: "„Später bezahlen“ ist derzeit nicht verfügbar.",
  limits_unavailable: "„Später bezahlen“ ist gerade nicht verfügbar.",
  outside_limits: "„Später bezahlen“ ist für die Summe dieses Warenkorbs nicht verfügbar.",
  origin_not_allowed: "Der Expresskauf mit „Später bezahlen“ ist auf dieser Website nicht verfügbar. Bitte gehen Sie zur Kasse.",
  address_unsupported: "An die gewählte Adresse liefern wir nicht. Bitte wählen Sie eine andere Adresse oder gehen Sie zur Kasse.",
  address_unrecognized: "Die gewählte Adresse wurde nicht erkannt. Bitte prüfen Sie sie oder gehen Sie zur Kasse.",
  express_unavailable:
    "Der Expresskauf mit „Später bezahlen“ konnte nicht geöffnet werden. Bitte erlauben Sie Pop-ups für diese Website, versuchen Sie es erneut oder gehen Sie zur Kasse.",
  available: "Später bezahlen bei Bestellungen von {minimum} bis {maximum}.",
  instalmentText: "Oder in {count} Raten zinsfrei zahlen: {count} × {instalment}.",
  payLaterButton: "Weiter mit „Später bezahlen“",
  expressButton: "Expresskauf mit „Später bezahlen“",
  tryAgain: "Erneut versuchen",
  statusPaid: "Bezahlt",
  statusPartlyPaid: "Teilweise bezahlt",
  statusApproved: "Genehmigt: Sie bezahlen später, wie mit dem Zahlungsdienst vereinbart",
  statusRefunded: "Erstattet",
  statusPartlyRefunded: "Teilweise erstattet",
  statusCancelled: "Storniert",
  statusAwaiting: "Zahlung ausstehend",
}
