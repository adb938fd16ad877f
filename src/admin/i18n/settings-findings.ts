import type { LocaleLanguage } from "../../shopper-texts/locales"
// Approvals on hold and reconciliation findings, under `bnpl.settings`. A held approval's
// failure is the server's, in English.
const EN = {
  held: "Approvals on hold",
  heldOne:
    "1 approval is on hold: the customer approved and the order could not be placed. Fix the cause, then place the order, or void it.",
  heldMany:
    "{{count}} approvals are on hold: the customer approved and the order could not be placed. Fix the cause, then place the order, or void it.",
  heldDecided: "Decided in the last 7 days.",
  reconciliation: "Reconciliation",
  lastChecked: "Last checked {{time}}: {{checked}} approved payments, {{withoutOrder}} without a Medusa order.",
  notChecked: "The reconciliation job has not run yet.",
  finding: "Finding",
  serviceOrder: "Service order",
  amount: "Amount",
  created: "Created",
  voided: "Voided",
  orderPlacedAt: "Order placed:",
  findingOnHold: "On hold until {{time}}: the order could not be placed ({{failure}})",
  findingWithoutPayment: "Order {{order}} without its payment (being repaired, never voided)",
  findingNotCompleted: "Confirmed checkout not completed (cart {{cart}})",
  findingNoOrder: "Approved payment with no order",
  placeOrder: "Place the order",
  complete: "Complete",
  void: "Void",
  cancel: "Cancel",
  orderPlaced: "Order {{order}} placed.",
  voidedAtService: "Voided at the service.",
  voidTitle: "Void this payment?",
  placeTitle: "Place the order?",
  completeTitle: "Complete this checkout?",
  voidDescription: "{{amount}} approved at the service with no order will be given back to the customer. This cannot be undone.",
  completeDescription: "An order will be placed from the customer's cart for {{amount}}, which the service already approved.",
}

/** The texts of one language: every key. */
export type FindingsTexts = Record<keyof typeof EN, string>

const FR: FindingsTexts = {
  held: "Acceptations en attente",
  heldOne:
    "1 acceptation est en attente\u00a0: le client a accepté, mais la commande n'a pas pu être créée. Corrigez la cause, puis créez la commande ou annulez l'autorisation.",
  heldMany:
    "{{count}} acceptations sont en attente\u00a0: le client a accepté, mais la commande n'a pas pu être créée. Corrigez la cause, puis créez la commande ou annulez l'autorisation.",
  heldDecided: "Traitées au cours des 7 derniers jours.",
  reconciliation: "Rapprochement",
  lastChecked: "Dernière vérification le {{time}}\u00a0: {{checked}} paiements acceptés, dont {{withoutOrder}} sans commande Medusa.",
  notChecked: "La tâche de rapprochement n'a pas encore été exécutée.",
  finding: "Constat",
  serviceOrder: "Commande du service",
  amount: "Montant",
  created: "Créé le",
  voided: "Annulé",
  orderPlacedAt: "Commande créée\u00a0:",
  findingOnHold: "En attente jusqu'au {{time}}\u00a0: la commande n'a pas pu être créée ({{failure}})",
  findingWithoutPayment: "Commande {{order}} sans son paiement (en cours de réparation, jamais annulé)",
  findingNotCompleted: "Paiement confirmé mais pas finalisé (panier {{cart}})",
  findingNoOrder: "Paiement accepté sans commande",
  placeOrder: "Créer la commande",
  complete: "Finaliser",
  void: "Annuler l'autorisation",
  cancel: "Annuler",
  orderPlaced: "Commande {{order}} créée.",
  voidedAtService: "Annulé auprès du service.",
  voidTitle: "Annuler ce paiement\u00a0?",
  placeTitle: "Créer la commande\u00a0?",
  completeTitle: "Finaliser ce paiement\u00a0?",
  voidDescription: "Les {{amount}} acceptés par le service sans commande seront rendus au client. Cette action est irréversible.",
  completeDescription: "Une commande de {{amount}}, déjà acceptée par le service, sera créée à partir du panier du client.",
}

const DE: FindingsTexts = {
  held: "Zurückgehaltene Genehmigungen",
  heldOne:
    "1 Genehmigung wird zurückgehalten: Der Kunde hat zugestimmt, aber die Bestellung konnte nicht angelegt werden. Beheben Sie die Ursache und legen Sie dann die Bestellung an oder stornieren Sie sie.",
  heldMany:
    "{{count}} Genehmigungen werden zurückgehalten: Der Kunde hat zugestimmt, aber die Bestellung konnte nicht angelegt werden. Beheben Sie die Ursache und legen Sie dann die Bestellung an oder stornieren Sie sie.",
  heldDecided: "In den letzten 7 Tagen entschieden.",
  reconciliation: "Abgleich",
  lastChecked: "Zuletzt geprüft am {{time}}: {{checked}} genehmigte Zahlungen, {{withoutOrder}} davon ohne Medusa-Bestellung.",
  notChecked: "Der Abgleich ist noch nicht gelaufen.",
  finding: "Befund",
  serviceOrder: "Bestellung beim Dienst",
  amount: "Betrag",
  created: "Erstellt",
  voided: "Storniert",
  orderPlacedAt: "Bestellung angelegt:",
  findingOnHold: "Zurückgehalten bis {{time}}: Die Bestellung konnte nicht angelegt werden ({{failure}})",
  findingWithoutPayment: "Bestellung {{order}} ohne ihre Zahlung (wird repariert, nie storniert)",
  findingNotCompleted: "Bestätigter Bezahlvorgang nicht abgeschlossen (Warenkorb {{cart}})",
  findingNoOrder: "Genehmigte Zahlung ohne Bestellung",
  placeOrder: "Bestellung anlegen",
  complete: "Abschließen",
  void: "Stornieren",
  cancel: "Abbrechen",
  orderPlaced: "Bestellung {{order}} angelegt.",
  voidedAtService: "Beim Dienst storniert.",
  voidTitle: "Diese Zahlung stornieren?",
  placeTitle: "Die Bestellung anlegen?",
  completeTitle: "Diesen Bezahlvorgang abschließen?",
  voidDescription:
    "Die vom Dienst ohne Bestellung genehmigten {{amount}} werden für den Kunden freigegeben. Das lässt sich nicht rückgängig machen.",
  completeDescription: "Aus dem Warenkorb des Kunden wird eine Bestellung über {{amount}} angelegt, die der Dienst bereits genehmigt hat.",
}

const ES: FindingsTexts = {
  held: "Aprobaciones retenidas",
  heldOne:
    "Hay 1 aprobación retenida: el cliente aprobó el pago, pero no se pudo crear el pedido. Corrige la causa y después crea el pedido o anúlalo.",
  heldMany:
    "Hay {{count}} aprobaciones retenidas: el cliente aprobó el pago, pero no se pudo crear el pedido. Corrige la causa y después crea el pedido o anúlalo.",
  heldDecided: "Resueltas en los últimos 7 días.",
  reconciliation: "Conciliación",
  lastChecked: "Última comprobación el {{time}}: {{checked}} pagos aprobados, {{withoutOrder}} sin pedido en Medusa.",
  notChecked: "La tarea de conciliación aún no se ha ejecutado.",
  finding: "Incidencia",
  serviceOrder: "Pedido del servicio",
  amount: "Importe",
  created: "Creado",
  voided: "Anulado",
  orderPlacedAt: "Pedido creado:",
  findingOnHold: "Retenido hasta el {{time}}: no se pudo crear el pedido ({{failure}})",
  findingWithoutPayment: "Pedido {{order}} sin su pago (en reparación, nunca se anula)",
  findingNotCompleted: "Pago confirmado sin finalizar (carrito {{cart}})",
  findingNoOrder: "Pago aprobado sin pedido",
  placeOrder: "Crear el pedido",
  complete: "Finalizar",
  void: "Anular",
  cancel: "Cancelar",
  orderPlaced: "Pedido {{order}} creado.",
  voidedAtService: "Anulado en el servicio.",
  voidTitle: "¿Anular este pago?",
  placeTitle: "¿Crear el pedido?",
  completeTitle: "¿Finalizar este pago?",
  voidDescription: "Los {{amount}} aprobados en el servicio sin pedido se liberarán para el cliente. No se puede deshacer.",
  completeDescription: "Se creará un pedido de {{amount}} a partir del carrito del cliente, que el servicio ya aprobó.",
}

const IT: FindingsTexts = {
  held: "Approvazioni in sospeso",
  heldOne:
    "1 approvazione è in sospeso: il cliente ha approvato, ma non è stato possibile creare l'ordine. Risolvi la causa, poi crea l'ordine o annullalo.",
  heldMany:
    "{{count}} approvazioni sono in sospeso: il cliente ha approvato, ma non è stato possibile creare l'ordine. Risolvi la causa, poi crea l'ordine o annullalo.",
  heldDecided: "Decise negli ultimi 7 giorni.",
  reconciliation: "Riconciliazione",
  lastChecked: "Ultimo controllo il {{time}}: {{checked}} pagamenti approvati, {{withoutOrder}} senza un ordine Medusa.",
  notChecked: "La riconciliazione non è ancora stata eseguita.",
  finding: "Anomalia",
  serviceOrder: "Ordine del servizio",
  amount: "Importo",
  created: "Creato",
  voided: "Annullato",
  orderPlacedAt: "Ordine creato:",
  findingOnHold: "In sospeso fino al {{time}}: non è stato possibile creare l'ordine ({{failure}})",
  findingWithoutPayment: "Ordine {{order}} senza il suo pagamento (in riparazione, mai annullato)",
  findingNotCompleted: "Pagamento confermato ma non completato (carrello {{cart}})",
  findingNoOrder: "Pagamento approvato senza ordine",
  placeOrder: "Crea l'ordine",
  complete: "Completa",
  void: "Annulla l'autorizzazione",
  cancel: "Annulla",
  orderPlaced: "Ordine {{order}} creato.",
  voidedAtService: "Annullato presso il servizio.",
  voidTitle: "Annullare questo pagamento?",
  placeTitle: "Creare l'ordine?",
  completeTitle: "Completare questo pagamento?",
  voidDescription:
    "I {{amount}} approvati dal servizio senza un ordine verranno svincolati per il cliente. L'operazione non si può annullare.",
  completeDescription: "Verrà creato dal carrello del cliente un ordine di {{amount}}, già approvato dal servizio.",
}

const NL: FindingsTexts = {
  held: "Goedkeuringen in de wacht",
  heldOne:
    "1 goedkeuring staat in de wacht: de klant heeft goedgekeurd, maar de bestelling kon niet worden aangemaakt. Los de oorzaak op en maak dan de bestelling aan of geef de betaling vrij.",
  heldMany:
    "{{count}} goedkeuringen staan in de wacht: de klant heeft goedgekeurd, maar de bestelling kon niet worden aangemaakt. Los de oorzaak op en maak dan de bestelling aan of geef de betaling vrij.",
  heldDecided: "Afgehandeld in de afgelopen 7 dagen.",
  reconciliation: "Afstemming",
  lastChecked: "Laatst gecontroleerd op {{time}}: {{checked}} goedgekeurde betalingen, {{withoutOrder}} zonder Medusa-bestelling.",
  notChecked: "De afstemming is nog niet uitgevoerd.",
  finding: "Bevinding",
  serviceOrder: "Bestelling bij de dienst",
  amount: "Bedrag",
  created: "Aangemaakt",
  voided: "Vrijgegeven",
  orderPlacedAt: "Bestelling aangemaakt:",
  findingOnHold: "In de wacht tot {{time}}: de bestelling kon niet worden aangemaakt ({{failure}})",
  findingWithoutPayment: "Bestelling {{order}} zonder haar betaling (wordt hersteld, nooit vrijgegeven)",
  findingNotCompleted: "Bevestigde betaling niet afgerond (winkelwagen {{cart}})",
  findingNoOrder: "Goedgekeurde betaling zonder bestelling",
  placeOrder: "Bestelling aanmaken",
  complete: "Afronden",
  void: "Vrijgeven",
  cancel: "Annuleren",
  orderPlaced: "Bestelling {{order}} aangemaakt.",
  voidedAtService: "Vrijgegeven bij de dienst.",
  voidTitle: "Deze betaling vrijgeven?",
  placeTitle: "De bestelling aanmaken?",
  completeTitle: "Deze betaling afronden?",
  voidDescription:
    "De {{amount}} die de dienst zonder bestelling goedkeurde, wordt vrijgegeven voor de klant. Dit kan niet ongedaan worden gemaakt.",
  completeDescription:
    "Uit de winkelwagen van de klant wordt een bestelling van {{amount}} aangemaakt, die de dienst al heeft goedgekeurd.",
}

/** The texts by the dashboard's language codes ("en", "fr", ...). */
export const SETTINGS_FINDINGS_TEXTS: Record<LocaleLanguage, FindingsTexts> = {
  en: EN,
  fr: FR,
  de: DE,
  es: ES,
  it: IT,
  nl: NL,
}
