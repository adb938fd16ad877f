import fs from "node:fs"
import path from "node:path"
import { emptyCaches, runShell, shellEnvironment } from "./shell"

/**
 * A Dockerfile's steps run as a script, for a machine without a usable Docker daemon. Only the
 * instructions docs/deploying.md's Dockerfile uses are known (FROM, WORKDIR, COPY [--from],
 * RUN, ENV, EXPOSE, CMD in JSON form); any other stops the run, so the docs cannot gain a step
 * the test silently skips. Each stage is a directory standing for the image's file system, with
 * an empty npm cache of its own (as a fresh image has); its paths are the Dockerfile's under
 * that directory. The base image's Node is this machine's.
 */

/** The last stage, ready to run: its working directory, environment and command. */
export interface BuiltImage {
  workdir: string
  env: NodeJS.ProcessEnv
  /** The CMD, joined for `sh -c`. */
  command: string
  /** The ports EXPOSE names. */
  exposed: number[]
}

interface Stage {
  name: string
  root: string
  workdir: string
  env: Record<string, string>
  /** The stage's own package manager caches, empty at its FROM. */
  caches: NodeJS.ProcessEnv
}

/** Instructions, one a line: comments and blank lines dropped, `\` continuations joined. */
function instructions(dockerfile: string): Array<{ keyword: string; rest: string }> {
  return dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s+(.*)$/.exec(line) ?? [line, line, ""]
      return { keyword: keyword.toUpperCase(), rest }
    })
}

/** A `.dockerignore`'s patterns as a test of a path relative to the context (names and `dir/`, no globs). */
function ignored(dockerignore: string): (relative: string) => boolean {
  const patterns = dockerignore
    .split("\n")
    .map((line) => line.trim().replace(/\/$/, ""))
    .filter((line) => line && !line.startsWith("#"))
  for (const pattern of patterns)
    if (/[*?![]/.test(pattern)) throw new Error(`.dockerignore pattern "${pattern}": the script knows plain paths only`)
  return (relative) => patterns.some((pattern) => relative === pattern || relative.startsWith(`${pattern}/`))
}

const inStage = (stage: Stage, target: string) =>
  path.join(stage.root, path.posix.isAbsolute(target) ? target : path.posix.join(stage.workdir, target))

/** COPY: files into a folder (a destination ending in `/`, or several sources), a folder's contents into a folder. */
function copy(sources: string[], destination: string, skip: (absolute: string) => boolean): void {
  const intoFolder = destination.endsWith("/") || sources.length > 1
  for (const source of sources) {
    if (!fs.existsSync(source)) throw new Error(`COPY: ${source} does not exist`)
    const isFolder = fs.statSync(source).isDirectory()
    const target = !isFolder && intoFolder ? path.join(destination, path.basename(source)) : destination
    fs.mkdirSync(isFolder ? target : path.dirname(target), { recursive: true })
    fs.cpSync(source, target, { recursive: true, filter: (file) => !skip(file) })
  }
}

/**
 * Runs every stage of `dockerfile` with the build context `context` in `work` (emptied first)
 * and answers the last stage's command.
 * @throws at an instruction the script does not know, or a RUN that fails.
 */
export function runDockerfileAsScript(dockerfile: string, dockerignore: string, context: string, work: string): BuiltImage {
  fs.rmSync(work, { recursive: true, force: true })
  const skipInContext = ignored(dockerignore)
  const stages: Stage[] = []
  let stage: Stage | undefined
  let command = ""
  const exposed: number[] = []
  for (const { keyword, rest } of instructions(dockerfile)) {
    if (keyword === "FROM") {
      const name = /\bAS\s+(\S+)/i.exec(rest)?.[1] ?? String(stages.length)
      const root = path.join(work, `stage-${stages.length}-${name}`)
      stage = { name, root, workdir: "/", env: {}, caches: emptyCaches(path.join(root, "root/.cache")) }
      stages.push(stage)
      continue
    }
    if (!stage) throw new Error(`Dockerfile: ${keyword} before FROM`)
    const current: Stage = stage
    if (keyword === "WORKDIR") {
      current.workdir = path.posix.resolve(current.workdir, rest)
      fs.mkdirSync(inStage(current, "."), { recursive: true })
    } else if (keyword === "ENV") {
      const [, name, value] = /^(\w+)[= ](.*)$/.exec(rest) ?? []
      if (!name) throw new Error(`Dockerfile: ENV ${rest}: the script knows ENV NAME=value only`)
      current.env[name] = value
    } else if (keyword === "COPY") {
      const parts = rest.split(/\s+/)
      const from = parts[0].startsWith("--from=")
        ? stages.find((candidate) => candidate.name === parts.shift()!.slice("--from=".length))
        : undefined
      if (parts.some((part) => part.startsWith("--"))) throw new Error(`Dockerfile: COPY ${rest}: the script knows --from only`)
      const destination = parts.pop()!
      const sources = from ? parts.map((source) => inStage(from, source)) : parts.map((source) => path.join(context, source))
      const skip = from ? () => false : (file: string) => skipInContext(path.relative(context, file))
      copy(sources, inStage(current, destination) + (destination.endsWith("/") ? "/" : ""), skip)
    } else if (keyword === "RUN") {
      const env = shellEnvironment({ ...current.caches, ...current.env })
      runShell(rest, inStage(current, "."), `Dockerfile ${current.name}: RUN ${rest}`, env)
    } else if (keyword === "CMD") {
      command = (JSON.parse(rest) as string[]).join(" ")
    } else if (keyword === "EXPOSE") {
      exposed.push(...rest.split(/\s+/).map(Number))
    } else {
      throw new Error(`Dockerfile: ${keyword} is not an instruction the script knows (FROM, WORKDIR, ENV, COPY, RUN, CMD, EXPOSE)`)
    }
  }
  if (!stage || !command) throw new Error("Dockerfile: no stage with a CMD")
  return { workdir: inStage(stage, "."), env: stage.env, command, exposed }
}
