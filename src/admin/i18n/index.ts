import { PAY_LATER_BOX_TEXTS } from "./pay-later-box"

/**
 * The plugin's translations for Medusa's dashboard (react-i18next resources, merged into the
 * dashboard's own by the admin bundler from `src/admin/i18n/index.ts`; Medusa 2.11.1+): the
 * keys under `bnpl`, in the dashboard's language codes. A language the plugin lacks falls
 * back to the dashboard's fallback, English.
 */
export default Object.fromEntries(
  Object.entries(PAY_LATER_BOX_TEXTS).map(([language, box]) => [language, { translation: { bnpl: { box } } }])
)
