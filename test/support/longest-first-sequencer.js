// Jest's own order runs the files it has timed longest first, and the others by file size. On a
// clean clone (CI) nothing is timed yet and the longest integration files are small (the shared
// store's two lists of suites, a hundred shoppers in sixty lines), so they would start last and
// leave one worker running alone at the end. This table gives their time on 2 cores
// until jest has timed them itself (integration, test:multi-instance and test:e2e).
const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default

/**
 * Seconds each long file took on a 2-core machine (2026-11-27; the browser tests' 2026-11-28,
 * beside the cluster tier).
 */
const EXPECTED_SECONDS = {
  "after-the-order.test.ts": 300,
  "shopping.test.ts": 400,
  "concurrency.test.ts": 240,
  "fault-matrix.test.ts": 210,
  "network-blips.test.ts": 100,
  // test:multi-instance: the crashes (mostly waiting out a dead server's 2-minute lock) beside the
  // restarts, then the cluster beside the crashes' tail.
  "crash.test.ts": 200,
  "restart.test.ts": 168,
  "cluster.test.ts": 130,
  "lowest-medusa.test.ts": 85,
  "fresh-clone.test.ts": 45,
  // test:e2e, two at a time: the admin test and the Next.js one first, together (the Next.js
  // store starts before the admin test opens the dashboard; test/e2e/dashboard-turn.ts), then
  // the others two by two.
  "admin.browser.test.ts": 110,
  "nextjs-storefront.browser.test.ts": 105,
  "checkout.browser.test.ts": 108,
  "demo-rerun.test.ts": 92,
  "admin-merchant-pages.browser.test.ts": 56,
  "demo-stack.test.ts": 33,
}

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const expectedMs = (test) => test.duration ?? (EXPECTED_SECONDS[path.basename(test.path)] ?? 0) * 1000
    // Array.prototype.sort is stable: files with nothing known keep jest's order (by size).
    return [...super.sort(tests)].sort((a, b) => expectedMs(b) - expectedMs(a))
  }
}

module.exports = LongestFirstSequencer
