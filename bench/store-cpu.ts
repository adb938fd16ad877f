import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"

/**
 * CPU seconds (user + system, every thread) one process has used so far, from
 * /proc/<pid>/stat: how the bench charges the store its own work. The sandbox and the bench's
 * shoppers run in the bench's process, so they are not counted; CPU time, unlike wall time,
 * hardly moves with what other processes do on the machine.
 * @throws Error when the process is gone or /proc is not there (Linux only).
 */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  // Fields after the command name (which may hold spaces, inside parentheses): state is field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  return (utime + stime) / clockTicks()
}

let ticks: number | undefined

/** The kernel's clock ticks per second (`getconf CLK_TCK`, 100 on Linux almost everywhere). */
function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100
    } catch {
      ticks = 100
    }
  }
  return ticks
}
