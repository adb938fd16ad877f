#!/usr/bin/env node
"use strict"

// The command line of medusa-payment-bnpl. It runs the BUILT sandbox (npm run build emits it
// to .medusa/server), so the published package needs no TypeScript at run time.
const path = require("node:path")

const cliPath = path.join(__dirname, "..", ".medusa", "server", "src", "sandbox", "cli.js")
let cli
try {
  cli = require(cliPath)
} catch (error) {
  if (error && error.code === "MODULE_NOT_FOUND" && String(error.message).includes(cliPath)) {
    console.error(`medusa-payment-bnpl: ${cliPath} is missing; run \`npm run build\` first.`)
    process.exit(1)
  }
  throw error
}

cli.runCli(process.argv.slice(2)).catch((error) => {
  console.error(`medusa-payment-bnpl: ${error?.message ? error.message : error}`)
  process.exit(1)
})
