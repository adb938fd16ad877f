import type { ShopperCatalogue } from "./en-GB"

/**
 * Shopper texts in French (France), written for French shoppers: "payer plus tard",
 * "en 4 fois sans frais", "panier", the formal "vous"; a no-break space (\u00a0) before
 * ";" and ":" as French typography has it.
 */
export const FR_FR: ShopperCatalogue = {
  invalid_return: "Nous n'avons pas pu rattacher ce paiement à votre panier. Vérifiez votre panier et payez à nouveau.",
  cart_not_found: "Votre panier est introuvable. Veuillez recommencer.",
  link_not_found: "Ce lien de paiement n'est pas valide. Demandez-en un nouveau à la boutique.",
  cart_changed: "Votre panier a changé après votre accord pour payer plus tard. Vérifiez-le et validez à nouveau le paiement.",
  amount_changed: "Le total de votre panier a changé après votre accord pour payer plus tard. Veuillez recommencer le paiement.",
  order_failed:
    "Votre commande n'a pas pu être passée (un article est peut-être en rupture de stock). Votre paiement plus tard a été annulé\u00a0; vérifiez votre panier.",
  order_on_hold: "Votre paiement est accepté\u00a0; la boutique vérifie votre commande et vous contactera.",
  cancelled: "Vous avez annulé le paiement plus tard. Choisissez un moyen de paiement pour continuer.",
  declined: "Le paiement plus tard a été refusé. Veuillez choisir un autre moyen de paiement.",
  expired: "Votre session de paiement plus tard a expiré. Veuillez réessayer.",
  not_confirmed: "Votre paiement n'est pas encore confirmé. Veuillez réessayer.",
  payment_failed: "Le paiement n'a pas pu aboutir. Réessayez ou choisissez un autre moyen de paiement.",
  processing: "Nous confirmons votre paiement. Cela ne prend généralement que quelques secondes.",
  processing_timeout:
    "La confirmation de votre paiement prend plus de temps que d'habitude. Avant de payer à nouveau, vérifiez si vous avez reçu un e-mail de confirmation de commande.",
  not_eligible: "Le paiement plus tard n'est pas disponible pour ce panier.",
  missing_email: "Veuillez saisir votre adresse e-mail avant de choisir le paiement plus tard.",
  invalid_checkout: "Le paiement plus tard n'a pas pu démarrer pour ce panier. Veuillez choisir un autre moyen de paiement.",
  service_unavailable: "Le paiement plus tard ne répond pas pour le moment. Réessayez dans un instant.",
  network: "Impossible de joindre la boutique. Vérifiez votre connexion et réessayez.",
  unknown: "Le paiement plus tard n'a pas pu démarrer. Réessayez ou choisissez un autre moyen de paiement.",
  below_minimum: "Le paiement plus tard est disponible pour les commandes de {minimum} à {maximum}.",
  above_maximum: "Le paiement plus tard est disponible pour les commandes de {minimum} à {maximum}.",
  unsupported_currency: "Le paiement plus tard n'est pas disponible dans cette devise.",
  not_in_region: "Le paiement plus tard n'est pas disponible dans cette région.",
  excluded_items: "Le paiement plus tard n'est pas disponible pour certains articles de votre panier.",
  disabled: "Le paiement plus tard n'est pas disponible pour le moment.",
  limits_unavailable: "Le paiement plus tard n'est pas disponible actuellement.",
  outside_limits: "Le paiement plus tard n'est pas disponible pour le montant de ce panier.",
  origin_not_allowed: "Le paiement express plus tard n'est pas disponible sur ce site. Veuillez passer par la page de paiement.",
  address_unsupported: "Nous ne livrons pas à l'adresse choisie. Choisissez une autre adresse ou passez par la page de paiement.",
  address_unrecognized: "L'adresse choisie n'a pas été reconnue. Vérifiez-la ou passez par la page de paiement.",
  express_unavailable:
    "Le paiement express plus tard n'a pas pu s'ouvrir. Autorisez les fenêtres pop-up pour ce site, réessayez ou passez par la page de paiement.",
  available: "Payez plus tard sur les commandes de {minimum} à {maximum}.",
  instalmentText: "Ou payez en {count} fois sans frais\u00a0: {count} × {instalment}.",
  payLaterButton: "Continuer et payer plus tard",
  expressButton: "Achat express, payez plus tard",
  tryAgain: "Réessayer",
  statusPaid: "Payé",
  statusPartlyPaid: "Payé en partie",
  statusApproved: "Accepté\u00a0: vous payez plus tard, comme convenu avec le service de paiement",
  statusRefunded: "Remboursé",
  statusPartlyRefunded: "Remboursé en partie",
  statusCancelled: "Annulé",
  statusAwaiting: "En attente de paiement",
}
