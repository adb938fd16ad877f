/**
 * The layer rules of docs/architecture.md, checked by dependency-cruiser (`npm run check:layout`).
 * Layers, top to bottom: Medusa surfaces (api, subscribers, jobs, workflows, providers, migration-scripts) >
 * operations > runtime > payments (the core) > client; beside them the sandbox, options.ts,
 * the storefront kit (storefront, react), the plugin's module and the leaves (cache-keys.ts,
 * storefront-path-template.ts), which import nothing of the plugin. A file imports from its
 * own layer and the ones below, never from one above.
 */

const SURFACES = "^src/(api|subscribers|jobs|workflows|providers|migration-scripts)/"
const LEAVES = "^src/(cache-keys|storefront-path-template|sandbox-credentials|vocabulary)[.]ts$|^src/shopper-texts/"

/** A rule: files matching `from` import nothing in src/ outside `allowed` (and the leaves). */
function onlyImports(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from },
    to: { path: "^src/", pathNot: [allowed, LEAVES] },
  }
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle is a type kept in the wrong file: move it to the lower one.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-free-of-medusa",
      comment:
        "The payments core, the client, the sandbox, the options, the storefront kit and the leaves never import @medusajs/*: the adapter hands them what they need.",
      severity: "error",
      from: {
        path: [
          "^src/(payments|client|sandbox|storefront|react|shopper-texts)/",
          "^src/(options|options-messages|cache-keys|storefront-path-template|vocabulary)[.]ts$",
        ],
      },
      to: { path: "@medusajs/" },
    },
    onlyImports("client-imports-client", "The client is the bottom layer.", "^src/client/", "^src/client/"),
    onlyImports(
      "core-imports-core-and-client",
      "The core (payments) sits on the client only.",
      "^src/payments/",
      "^src/(payments|client)/",
    ),
    onlyImports(
      "runtime-imports-downwards",
      "The runtime sits on the core, the client, the options and the plugin's module.",
      "^src/runtime/",
      "^src/(runtime|payments|client|modules)/|^src/options[.]ts$",
    ),
    // The runtime's rooms, bottom to top: infrastructure < records < config < accounts; views
    // and checkout beside them (docs/architecture.md "The runtime's rooms").
    onlyImports(
      "runtime-infrastructure-at-the-bottom",
      "Infrastructure (cache, locks, the account's hash, outages, shared shapes) imports no other room of the runtime.",
      "^src/runtime/infrastructure/",
      "^src/runtime/infrastructure/|^src/(payments|client|modules)/|^src/options[.]ts$",
    ),
    onlyImports(
      "runtime-records-on-infrastructure",
      "The records (the plugin's data, database or memory) sit on infrastructure only.",
      "^src/runtime/records/",
      "^src/runtime/(records|infrastructure)/|^src/(payments|client|modules)/|^src/options[.]ts$",
    ),
    onlyImports(
      "runtime-config-on-records",
      "The configuration (options, settings, schedules, origins) sits on records and infrastructure.",
      "^src/runtime/config/",
      "^src/runtime/(config|records|infrastructure)/|^src/(payments|client|modules)/|^src/options[.]ts$",
    ),
    onlyImports(
      "runtime-views-and-checkout-beside",
      "The admin's views and the checkout's helpers read records and infrastructure, not the accounts' wiring.",
      "^src/runtime/(views|checkout)/",
      "^src/runtime/(views|checkout|records|infrastructure)/|^src/(payments|client|modules)/|^src/options[.]ts$",
    ),
    onlyImports(
      "operations-import-downwards",
      "Operations sit on the runtime and below; never on a route, job, subscriber, hook or the provider.",
      "^src/operations/",
      "^src/(operations|runtime|payments|client)/|^src/options[.]ts$",
    ),
    onlyImports(
      "module-stands-alone",
      "The plugin's module is read through runtime/ and imports nothing of the plugin.",
      "^src/modules/",
      "^src/modules/",
    ),
    onlyImports(
      "sandbox-uses-client-only",
      "The sandbox emulates the service; it borrows the client's shapes, the core's names of payment states and the one locale list, nothing else.",
      "^src/sandbox/",
      "^src/(sandbox|client)/|^src/payments/payment-state[.]ts$|^src/shopper-texts/locales[.]ts$",
    ),
    onlyImports(
      "options-import-client-only",
      "The options schema sits on the client's options.",
      "^src/options(-messages)?[.]ts$",
      "^src/client/|^src/options-messages[.]ts$",
    ),
    onlyImports(
      "storefront-kit-stands-alone",
      "The storefront kit runs in shoppers' browsers: nothing of the server.",
      "^src/(storefront|react)/",
      "^src/(storefront|react)/",
    ),
    {
      name: "surfaces-not-from-below",
      comment: "Nothing below the Medusa surfaces imports one of them.",
      severity: "error",
      from: { path: "^src/", pathNot: [SURFACES, "^src/index[.]ts$"] },
      to: { path: SURFACES },
    },
    {
      name: "src-not-from-harness",
      comment: "The plugin never imports its tests, harness, demo, bench or scripts.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(test|harness|demo|bench|scripts)/" },
    },
    {
      name: "harness-not-from-tests-or-demo",
      comment: "The harness serves tests, bench, demo and soak; it imports none of them.",
      severity: "error",
      from: { path: "^harness/" },
      to: { path: "^(test|demo|bench|scripts)/" },
    },
    {
      name: "only-the-demo-imports-the-demo",
      comment:
        "demo/ is only the demo; what others share with it lives in harness/. The tests of the demo itself (test/e2e, test/compat's and test/install's runs of its scripted purchase in an installed app, and test/unit/demo's of its banner) drive it.",
      severity: "error",
      from: { path: "^(src|test|bench|scripts|harness)/", pathNot: "^test/(e2e|compat|install|unit/demo)/" },
      to: { path: "^demo/" },
    },
    {
      name: "bench-not-from-tests",
      comment: "The bench takes what it shares with the tests from harness/.",
      severity: "error",
      from: { path: "^(bench|scripts)/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // The admin extension is built by Medusa's own bundler with its own tsconfig (src/admin/tsconfig.json).
    exclude: { path: ["^src/admin/", "node_modules", "[.]medusa/"] },
    moduleSystems: ["es6", "cjs"],
  },
}
