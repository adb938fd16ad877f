import { BOX_ACTION_TEXTS, AMOUNT_PROBLEM_TEXTS } from "./box-actions"
import { PAY_LATER_BOX_TEXTS } from "./pay-later-box"
import { SETTINGS_FINDINGS_TEXTS } from "./settings-findings"
import { SETTINGS_FORM_TEXTS } from "./settings-form"
import { SETTINGS_HEALTH_TEXTS } from "./settings-health"
import { SETTINGS_PAGE_TEXTS } from "./settings-page"

/**
 * The dashboard's react-i18next resources under `bnpl`, by its language codes; Medusa 2.11.1+
 * merges them from this file's place. A missing language falls back to English.
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
  ]),
)
