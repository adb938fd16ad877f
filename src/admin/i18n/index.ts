import { BOX_ACTION_TEXTS, AMOUNT_PROBLEM_TEXTS } from "./box-actions"
import { PAY_LATER_BOX_TEXTS } from "./pay-later-box"
import { SETTINGS_FINDINGS_TEXTS } from "./settings-findings"
import { SETTINGS_FORM_TEXTS } from "./settings-form"
import { SETTINGS_HEALTH_TEXTS } from "./settings-health"
import { SETTINGS_PAGE_TEXTS } from "./settings-page"

/**
 * The plugin's translations for Medusa's dashboard (react-i18next resources, merged into the
 * dashboard's own by the admin bundler from `src/admin/i18n/index.ts`; Medusa 2.11.1+): the
 * keys under `bnpl` (`box`: the order page's box, `actions`: its forms, confirmations, toasts
 * and timeline, `problems`: why a typed amount is refused, `settings`: Settings -> Pay later,
 * from settings-page.ts, settings-findings.ts, settings-form.ts and settings-health.ts), in the
 * dashboard's language codes. A language the plugin lacks falls back to the
 * dashboard's fallback, English.
 */
export default Object.fromEntries(
  Object.entries(PAY_LATER_BOX_TEXTS).map(([language, box]) => [
    language,
    {
      translation: {
        bnpl: {
          box,
          actions: BOX_ACTION_TEXTS[language as keyof typeof BOX_ACTION_TEXTS],
          problems: AMOUNT_PROBLEM_TEXTS[language as keyof typeof AMOUNT_PROBLEM_TEXTS] ?? {},
          settings: {
            ...SETTINGS_PAGE_TEXTS[language as keyof typeof SETTINGS_PAGE_TEXTS],
            ...SETTINGS_FINDINGS_TEXTS[language as keyof typeof SETTINGS_FINDINGS_TEXTS],
            ...SETTINGS_FORM_TEXTS[language as keyof typeof SETTINGS_FORM_TEXTS],
            ...SETTINGS_HEALTH_TEXTS[language as keyof typeof SETTINGS_HEALTH_TEXTS],
          },
        },
      },
    },
  ])
)
