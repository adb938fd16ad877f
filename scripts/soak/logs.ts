import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs"
import path from "node:path"

/** Lines a log gained since the last read: the file (relative to the soak's log folder), the text, and the number of its first line. */
export interface LogChunk {
  file: string
  text: string
  firstLine: number
}

/**
 * Reads the servers' and the worker's logs a piece at a time, so the checker can look at each
 * line once however long the run (the per-minute check reads what was written that minute).
 * Only whole lines are handed out; a line still being written waits for the next read.
 */
export class LogReader {
  private readonly positions = new Map<string, { offset: number; line: number }>()

  constructor(private readonly root: string) {}

  /** What each of `files` gained since the last call. */
  readNew(files: readonly string[]): LogChunk[] {
    const chunks: LogChunk[] = []
    for (const file of files) {
      if (!existsSync(file)) continue
      const position = this.positions.get(file) ?? { offset: 0, line: 1 }
      const size = statSync(file).size
      if (size <= position.offset) continue
      const buffer = Buffer.alloc(size - position.offset)
      const descriptor = openSync(file, "r")
      try {
        readSync(descriptor, buffer, 0, buffer.length, position.offset)
      } finally {
        closeSync(descriptor)
      }
      const end = buffer.lastIndexOf(0x0a)
      if (end < 0) continue
      const text = buffer.subarray(0, end + 1).toString("utf8")
      chunks.push({ file: path.relative(this.root, file), text, firstLine: position.line })
      this.positions.set(file, { offset: position.offset + end + 1, line: position.line + text.split("\n").length - 1 })
    }
    return chunks
  }
}
