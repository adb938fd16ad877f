import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"

/**
 * test:e2e runs two files at a time, and all of them but express-kit start Medusa in demo/store.
 * Each start rewrites the dashboard's files in demo/store/.medusa/client, which the Vite server of
 * every other Medusa in demo/store watches: a dashboard page open in the other file at that moment
 * is reloaded (Vite reloads the page when an HTML file changes), in the middle of its steps. So
 * starts and open dashboards take turns through marker files: a file opens its dashboard
 * (admin.browser.test.ts, and the files through demo-dashboard.ts) once no other file is starting
 * a demo store, and every file starts its demo store through `startingDemoStore`, which waits
 * while any dashboard is open. A marker names its process, so one left by a killed run is ignored.
 */

const TURNS = path.resolve(__dirname, "../../test-output/e2e-turns")
const DASHBOARD = "dashboard"
const STARTING = "starting"
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Markers of `kind` held by live processes other than this one. */
function othersHolding(kind: string): string[] {
  return readdirSync(TURNS).filter((name) => {
    const [markerKind, pid] = name.split("-")
    return markerKind === kind && Number(pid) !== process.pid && alive(Number(pid))
  })
}

function mark(kind: string): () => void {
  mkdirSync(TURNS, { recursive: true })
  const marker = path.join(TURNS, `${kind}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`)
  writeFileSync(marker, "")
  return () => rmSync(marker, { force: true })
}

/**
 * Runs `start` (a demo store's start-up) when no dashboard is open, and keeps any dashboard from
 * opening until it is done. Marks first, then looks: of two files doing this at once, at least one
 * sees the other's marker.
 */
export async function startingDemoStore<T>(start: () => Promise<T>): Promise<T> {
  for (;;) {
    const unmark = mark(STARTING)
    if (othersHolding(DASHBOARD).length === 0) {
      try {
        return await start()
      } finally {
        unmark()
      }
    }
    unmark()
    await sleep(1_000)
  }
}

/** Waits until no other file is starting a demo store, holding the dashboard's turn meanwhile; the answer ends the turn. */
export async function openDashboardTurn(): Promise<() => void> {
  const unmark = mark(DASHBOARD)
  while (othersHolding(STARTING).length > 0) await sleep(1_000)
  return unmark
}
