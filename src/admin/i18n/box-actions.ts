/**
 * The box's money actions under `bnpl.actions`; typed `ActionTexts`, so a missing key fails `tsc`.
 * Amounts and dates come formatted. The service's operation names (Auth, ...) stay the API's own.
 */
const EN = {
  captureLabel: "Capture an amount ({{currency}}, up to {{maximum}})",
  capture: "Capture",
  captureTitle: "Capture part of the payment?",
  captureDescription: "{{amount}} of the {{open}} still authorized will be captured from the customer's pay later plan.",
  captured: "{{amount}} captured.",
  refundLabel: "Refund an amount ({{currency}}, up to {{maximum}})",
  refund: "Refund",
  refundTitle: "Refund the customer?",
  refundDescription: "{{amount}} of the {{refundable}} captured and not refunded will be refunded to the customer's pay later plan.",
  refunded: "{{amount}} refunded.",
  refundReason: "Refund reason",
  refundReasonOptional: "Refund reason (optional)",
  note: "Note",
  noteOptional: "Note (optional)",
  amountPlaceholder: "0.00",
  cancel: "Cancel",
  void: "Void",
  captureRestTitle: "Capture the rest?",
  captureRestDescription: "{{amount}} still authorized will be captured from the customer's pay later plan.",
  voidRestTitle: "Void the rest?",
  voidRestDescription:
    "{{amount}} still authorized will be given back to the customer. What was captured stays captured. This cannot be undone.",
  restCaptured: "The rest is captured.",
  restVoided: "The rest is voided: {{amount}} given back to the customer.",
  readFromService: "Read from the service.",
  serviceDidNotAnswer: "The service did not answer: {{detail}}",
  refunds: "Refunds",
  settlementReference: "Settlement reference: {{reference}}",
  merchantReference: "Merchant reference: {{reference}}",
  calls: "Calls to the service ({{calls}})",
  callsAndOneRead: "Calls to the service ({{calls}}, and 1 read)",
  callsAndReads: "Calls to the service ({{calls}}, and {{reads}} reads)",
  reads: "Reads of the service ({{reads}}): they move no money",
  released: "{{amount}} released",
  attempt: "try {{attempt}}",
}

/** The texts of one language: every key. */
export type ActionTexts = Record<keyof typeof EN, string>

const FR: ActionTexts = {
  captureLabel: "Capturer un montant ({{currency}}, jusqu'à {{maximum}})",
  capture: "Capturer",
  captureTitle: "Capturer une partie du paiement\u00a0?",
  captureDescription: "{{amount}} sur les {{open}} encore autorisés seront prélevés sur le plan de paiement plus tard du client.",
  captured: "{{amount}} capturés.",
  refundLabel: "Rembourser un montant ({{currency}}, jusqu'à {{maximum}})",
  refund: "Rembourser",
  refundTitle: "Rembourser le client\u00a0?",
  refundDescription:
    "{{amount}} sur les {{refundable}} capturés et non remboursés seront remboursés sur le plan de paiement plus tard du client.",
  refunded: "{{amount}} remboursés.",
  refundReason: "Motif du remboursement",
  refundReasonOptional: "Motif du remboursement (facultatif)",
  note: "Note",
  noteOptional: "Note (facultative)",
  amountPlaceholder: "0,00",
  cancel: "Annuler",
  void: "Annuler l'autorisation",
  captureRestTitle: "Capturer le reste\u00a0?",
  captureRestDescription: "Les {{amount}} encore autorisés seront prélevés sur le plan de paiement plus tard du client.",
  voidRestTitle: "Annuler le reste\u00a0?",
  voidRestDescription:
    "Les {{amount}} encore autorisés seront rendus au client. Ce qui a été capturé le reste. Cette action est irréversible.",
  restCaptured: "Le reste a été capturé.",
  restVoided: "Le reste a été annulé\u00a0: {{amount}} rendus au client.",
  readFromService: "Informations lues auprès du service.",
  serviceDidNotAnswer: "Le service n'a pas répondu\u00a0: {{detail}}",
  refunds: "Remboursements",
  settlementReference: "Référence de règlement\u00a0: {{reference}}",
  merchantReference: "Référence marchand\u00a0: {{reference}}",
  calls: "Appels au service ({{calls}})",
  callsAndOneRead: "Appels au service ({{calls}}, plus 1 lecture)",
  callsAndReads: "Appels au service ({{calls}}, plus {{reads}} lectures)",
  reads: "Lectures du service ({{reads}})\u00a0: elles ne déplacent pas d'argent",
  released: "{{amount}} libérés",
  attempt: "essai {{attempt}}",
}

const DE: ActionTexts = {
  captureLabel: "Betrag erfassen ({{currency}}, höchstens {{maximum}})",
  capture: "Erfassen",
  captureTitle: "Einen Teil der Zahlung erfassen?",
  captureDescription: "{{amount}} der noch autorisierten {{open}} werden über den „Später bezahlen“-Plan des Kunden eingezogen.",
  captured: "{{amount}} erfasst.",
  refundLabel: "Betrag erstatten ({{currency}}, höchstens {{maximum}})",
  refund: "Erstatten",
  refundTitle: "Dem Kunden erstatten?",
  refundDescription:
    "{{amount}} der erfassten und noch nicht erstatteten {{refundable}} werden auf den „Später bezahlen“-Plan des Kunden erstattet.",
  refunded: "{{amount}} erstattet.",
  refundReason: "Erstattungsgrund",
  refundReasonOptional: "Erstattungsgrund (optional)",
  note: "Notiz",
  noteOptional: "Notiz (optional)",
  amountPlaceholder: "0,00",
  cancel: "Abbrechen",
  void: "Stornieren",
  captureRestTitle: "Den Rest erfassen?",
  captureRestDescription: "Die noch autorisierten {{amount}} werden über den „Später bezahlen“-Plan des Kunden eingezogen.",
  voidRestTitle: "Den Rest stornieren?",
  voidRestDescription:
    "Die noch autorisierten {{amount}} werden für den Kunden freigegeben. Bereits Erfasstes bleibt erfasst. Das lässt sich nicht rückgängig machen.",
  restCaptured: "Der Rest ist erfasst.",
  restVoided: "Der Rest ist storniert: {{amount}} für den Kunden freigegeben.",
  readFromService: "Vom Dienst abgerufen.",
  serviceDidNotAnswer: "Der Dienst hat nicht geantwortet: {{detail}}",
  refunds: "Erstattungen",
  settlementReference: "Abrechnungsreferenz: {{reference}}",
  merchantReference: "Händlerreferenz: {{reference}}",
  calls: "Aufrufe beim Dienst ({{calls}})",
  callsAndOneRead: "Aufrufe beim Dienst ({{calls}}, dazu 1 Abfrage)",
  callsAndReads: "Aufrufe beim Dienst ({{calls}}, dazu {{reads}} Abfragen)",
  reads: "Abfragen beim Dienst ({{reads}}): Sie bewegen kein Geld",
  released: "{{amount}} freigegeben",
  attempt: "Versuch {{attempt}}",
}

const ES: ActionTexts = {
  captureLabel: "Capturar un importe ({{currency}}, hasta {{maximum}})",
  capture: "Capturar",
  captureTitle: "¿Capturar parte del pago?",
  captureDescription: "Se cobrarán {{amount}} de los {{open}} aún autorizados del plan de pago aplazado del cliente.",
  captured: "{{amount}} capturados.",
  refundLabel: "Reembolsar un importe ({{currency}}, hasta {{maximum}})",
  refund: "Reembolsar",
  refundTitle: "¿Reembolsar al cliente?",
  refundDescription: "Se reembolsarán {{amount}} de los {{refundable}} capturados y no reembolsados al plan de pago aplazado del cliente.",
  refunded: "{{amount}} reembolsados.",
  refundReason: "Motivo del reembolso",
  refundReasonOptional: "Motivo del reembolso (opcional)",
  note: "Nota",
  noteOptional: "Nota (opcional)",
  amountPlaceholder: "0,00",
  cancel: "Cancelar",
  void: "Anular",
  captureRestTitle: "¿Capturar el resto?",
  captureRestDescription: "Se cobrarán los {{amount}} aún autorizados del plan de pago aplazado del cliente.",
  voidRestTitle: "¿Anular el resto?",
  voidRestDescription: "Los {{amount}} aún autorizados se liberarán para el cliente. Lo capturado sigue capturado. No se puede deshacer.",
  restCaptured: "Se ha capturado el resto.",
  restVoided: "Se ha anulado el resto: {{amount}} liberados para el cliente.",
  readFromService: "Datos leídos del servicio.",
  serviceDidNotAnswer: "El servicio no ha respondido: {{detail}}",
  refunds: "Reembolsos",
  settlementReference: "Referencia de liquidación: {{reference}}",
  merchantReference: "Referencia del comercio: {{reference}}",
  calls: "Llamadas al servicio ({{calls}})",
  callsAndOneRead: "Llamadas al servicio ({{calls}}, y 1 consulta)",
  callsAndReads: "Llamadas al servicio ({{calls}}, y {{reads}} consultas)",
  reads: "Consultas al servicio ({{reads}}): no mueven dinero",
  released: "{{amount}} liberados",
  attempt: "intento {{attempt}}",
}

const IT: ActionTexts = {
  captureLabel: "Incassa un importo ({{currency}}, fino a {{maximum}})",
  capture: "Incassa",
  captureTitle: "Incassare una parte del pagamento?",
  captureDescription: "Verranno incassati {{amount}} dei {{open}} ancora autorizzati dal piano di pagamento posticipato del cliente.",
  captured: "{{amount}} incassati.",
  refundLabel: "Rimborsa un importo ({{currency}}, fino a {{maximum}})",
  refund: "Rimborsa",
  refundTitle: "Rimborsare il cliente?",
  refundDescription:
    "Verranno rimborsati {{amount}} dei {{refundable}} incassati e non ancora rimborsati sul piano di pagamento posticipato del cliente.",
  refunded: "{{amount}} rimborsati.",
  refundReason: "Motivo del rimborso",
  refundReasonOptional: "Motivo del rimborso (facoltativo)",
  note: "Nota",
  noteOptional: "Nota (facoltativa)",
  amountPlaceholder: "0,00",
  cancel: "Annulla",
  void: "Annulla l'autorizzazione",
  captureRestTitle: "Incassare il resto?",
  captureRestDescription: "I {{amount}} ancora autorizzati verranno incassati dal piano di pagamento posticipato del cliente.",
  voidRestTitle: "Annullare il resto?",
  voidRestDescription:
    "I {{amount}} ancora autorizzati verranno svincolati per il cliente. Quanto già incassato resta incassato. L'operazione non si può annullare.",
  restCaptured: "Il resto è stato incassato.",
  restVoided: "Il resto è stato annullato: {{amount}} svincolati per il cliente.",
  readFromService: "Dati letti dal servizio.",
  serviceDidNotAnswer: "Il servizio non ha risposto: {{detail}}",
  refunds: "Rimborsi",
  settlementReference: "Riferimento di regolamento: {{reference}}",
  merchantReference: "Riferimento esercente: {{reference}}",
  calls: "Chiamate al servizio ({{calls}})",
  callsAndOneRead: "Chiamate al servizio ({{calls}}, più 1 lettura)",
  callsAndReads: "Chiamate al servizio ({{calls}}, più {{reads}} letture)",
  reads: "Letture dal servizio ({{reads}}): non muovono denaro",
  released: "{{amount}} svincolati",
  attempt: "tentativo {{attempt}}",
}

const NL: ActionTexts = {
  captureLabel: "Bedrag innen ({{currency}}, tot {{maximum}})",
  capture: "Innen",
  captureTitle: "Een deel van de betaling innen?",
  captureDescription: "{{amount}} van de nog geautoriseerde {{open}} wordt geïnd via het achteraf-betalenplan van de klant.",
  captured: "{{amount}} geïnd.",
  refundLabel: "Bedrag terugbetalen ({{currency}}, tot {{maximum}})",
  refund: "Terugbetalen",
  refundTitle: "De klant terugbetalen?",
  refundDescription:
    "{{amount}} van de geïnde en nog niet terugbetaalde {{refundable}} wordt teruggestort op het achteraf-betalenplan van de klant.",
  refunded: "{{amount}} terugbetaald.",
  refundReason: "Reden van terugbetaling",
  refundReasonOptional: "Reden van terugbetaling (optioneel)",
  note: "Notitie",
  noteOptional: "Notitie (optioneel)",
  amountPlaceholder: "0,00",
  cancel: "Annuleren",
  void: "Vrijgeven",
  captureRestTitle: "De rest innen?",
  captureRestDescription: "De nog geautoriseerde {{amount}} wordt geïnd via het achteraf-betalenplan van de klant.",
  voidRestTitle: "De rest vrijgeven?",
  voidRestDescription:
    "De nog geautoriseerde {{amount}} wordt vrijgegeven voor de klant. Wat al geïnd is, blijft geïnd. Dit kan niet ongedaan worden gemaakt.",
  restCaptured: "De rest is geïnd.",
  restVoided: "De rest is vrijgegeven: {{amount}} terug naar de klant.",
  readFromService: "Gelezen bij de dienst.",
  serviceDidNotAnswer: "De dienst gaf geen antwoord: {{detail}}",
  refunds: "Terugbetalingen",
  settlementReference: "Afrekeningsreferentie: {{reference}}",
  merchantReference: "Referentie van de verkoper: {{reference}}",
  calls: "Aanroepen bij de dienst ({{calls}})",
  callsAndOneRead: "Aanroepen bij de dienst ({{calls}}, plus 1 opvraging)",
  callsAndReads: "Aanroepen bij de dienst ({{calls}}, plus {{reads}} opvragingen)",
  reads: "Opvragingen bij de dienst ({{reads}}): ze verplaatsen geen geld",
  released: "{{amount}} vrijgegeven",
  attempt: "poging {{attempt}}",
}

/** The texts by the dashboard's language codes ("en", "fr", ...). */
export const BOX_ACTION_TEXTS: Record<"en" | "fr" | "de" | "es" | "it" | "nl", ActionTexts> = {
  en: EN,
  fr: FR,
  de: DE,
  es: ES,
  it: IT,
  nl: NL,
}

/**
 * Why a typed amount is refused, in the languages other than English (which shows the checks'
 * own message). `{{example}}` is 12.50 written in the admin's locale.
 */
export type AmountProblem =
  | "not_a_number"
  | "too_many_decimals"
  | "not_positive"
  | "authorization_expired"
  | "nothing_open"
  | "more_than_open"
  | "nothing_refundable"
  | "more_than_refundable"

const FR_PROBLEMS: Record<AmountProblem, string> = {
  not_a_number: "Saisissez un montant en {{currency}}, par exemple {{example}}.",
  too_many_decimals: "Le montant ne peut pas avoir plus de {{decimals}} décimales en {{currency}}.",
  not_positive: "Le montant doit être supérieur à 0.",
  authorization_expired: "L'autorisation a expiré le {{date}}\u00a0: plus rien ne peut être capturé.",
  nothing_open: "Il ne reste rien à capturer sur ce paiement.",
  more_than_open: "Le montant dépasse les {{open}} restant à capturer.",
  nothing_refundable: "Il ne reste rien de capturé à rembourser sur ce paiement.",
  more_than_refundable: "Le montant dépasse les {{refundable}} capturés et pas encore remboursés.",
}

const DE_PROBLEMS: Record<AmountProblem, string> = {
  not_a_number: "Geben Sie einen Betrag in {{currency}} ein, z.\u00a0B. {{example}}.",
  too_many_decimals: "Der Betrag darf in {{currency}} höchstens {{decimals}} Nachkommastellen haben.",
  not_positive: "Der Betrag muss größer als 0 sein.",
  authorization_expired: "Die Autorisierung ist am {{date}} abgelaufen: Es kann nichts mehr erfasst werden.",
  nothing_open: "Bei dieser Zahlung ist nichts mehr zu erfassen.",
  more_than_open: "Der Betrag ist höher als die noch zu erfassenden {{open}}.",
  nothing_refundable: "Bei dieser Zahlung ist nichts Erfasstes mehr zu erstatten.",
  more_than_refundable: "Der Betrag ist höher als die erfassten und noch nicht erstatteten {{refundable}}.",
}

const ES_PROBLEMS: Record<AmountProblem, string> = {
  not_a_number: "Introduce un importe en {{currency}}, por ejemplo {{example}}.",
  too_many_decimals: "El importe no puede tener más de {{decimals}} decimales en {{currency}}.",
  not_positive: "El importe debe ser mayor que 0.",
  authorization_expired: "La autorización caducó el {{date}}: ya no se puede capturar nada.",
  nothing_open: "No queda nada por capturar en este pago.",
  more_than_open: "El importe supera los {{open}} pendientes de capturar.",
  nothing_refundable: "No queda nada capturado por reembolsar en este pago.",
  more_than_refundable: "El importe supera los {{refundable}} capturados y aún no reembolsados.",
}

const IT_PROBLEMS: Record<AmountProblem, string> = {
  not_a_number: "Inserisci un importo in {{currency}}, ad esempio {{example}}.",
  too_many_decimals: "L'importo può avere al massimo {{decimals}} decimali in {{currency}}.",
  not_positive: "L'importo deve essere maggiore di 0.",
  authorization_expired: "L'autorizzazione è scaduta il {{date}}: non si può più incassare nulla.",
  nothing_open: "Su questo pagamento non resta nulla da incassare.",
  more_than_open: "L'importo supera i {{open}} ancora da incassare.",
  nothing_refundable: "Su questo pagamento non resta nulla di incassato da rimborsare.",
  more_than_refundable: "L'importo supera i {{refundable}} incassati e non ancora rimborsati.",
}

const NL_PROBLEMS: Record<AmountProblem, string> = {
  not_a_number: "Vul een bedrag in {{currency}} in, bijvoorbeeld {{example}}.",
  too_many_decimals: "Het bedrag mag in {{currency}} hoogstens {{decimals}} decimalen hebben.",
  not_positive: "Het bedrag moet hoger zijn dan 0.",
  authorization_expired: "De autorisatie is verlopen op {{date}}: er kan niets meer worden geïnd.",
  nothing_open: "Op deze betaling valt niets meer te innen.",
  more_than_open: "Het bedrag is hoger dan de nog te innen {{open}}.",
  nothing_refundable: "Op deze betaling valt niets geïnds meer terug te betalen.",
  more_than_refundable: "Het bedrag is hoger dan de geïnde en nog niet terugbetaalde {{refundable}}.",
}

/** The refusals by language code; English has none here (the checks' own words). */
export const AMOUNT_PROBLEM_TEXTS: Record<"fr" | "de" | "es" | "it" | "nl", Record<AmountProblem, string>> = {
  fr: FR_PROBLEMS,
  de: DE_PROBLEMS,
  es: ES_PROBLEMS,
  it: IT_PROBLEMS,
  nl: NL_PROBLEMS,
}
