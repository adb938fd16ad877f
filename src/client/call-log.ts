import { idsOfAnswer } from "./call-observer"
import { debugLine, type DebugExchange } from "./debug-log"
import { tryParseJson } from "./error-mapping"
import type { AttemptOutcome, HttpCall } from "./http-call"
import type { ResolvedClientOptions } from "./options"
import type { Redactor } from "./redact"

/** When a try ran (epoch ms): the call's start, the try's start and end. */
export interface TryTimes {
  attempt: number
  calledAt: number
  started: number
  ended: number
}

/** Tells the options' observer about one try; the observer's own failure never reaches the call. */
export function observeAttempt(
  options: ResolvedClientOptions,
  call: HttpCall,
  tried: TryTimes,
  outcome: AttemptOutcome,
  last: boolean,
): void {
  const { observer } = options
  if (!observer) return
  try {
    const answered = "result" in outcome
    let subject = call.subject ?? {}
    // Get Configuration's or a list's answer is not parsed a second time.
    const aboutPayment = subject.orderId !== undefined || subject.token !== undefined || call.body !== undefined
    if (answered && call.subject && aboutPayment && (!subject.orderId || !subject.token)) {
      const parsed = tryParseJson(outcome.result.text)
      if (parsed.ok) subject = idsOfAnswer(parsed.value, subject)
    }
    const httpStatus = answered ? outcome.result.status : (outcome.status ?? outcome.error.httpStatusCode)
    observer({
      ...subject,
      endpoint: call.endpoint,
      ...(call.requestId ? { requestId: call.requestId } : {}),
      attempt: tried.attempt,
      startedAt: new Date(tried.started),
      durationMs: tried.ended - tried.started,
      ...(httpStatus === undefined ? {} : { httpStatus }),
      ...(outcome.firstByteMs === undefined ? {} : { firstByteMs: outcome.firstByteMs }),
      outcome: answered ? "ok" : outcome.error.code,
      last,
      callStartedAt: new Date(tried.calledAt),
    })
  } catch {
    // The timeline and the telemetry are records for people; the call goes on whatever they do.
  }
}

/** The debug log line of one try, redacted, and with the `debug` option the bodies too. */
export function logAttempt(
  options: ResolvedClientOptions,
  redact: Redactor,
  call: HttpCall,
  attempt: number,
  started: number,
  outcome: AttemptOutcome,
): void {
  const debug = options.logger.debug
  if (!debug) return
  if (options.debug) debug.call(options.logger, debugLine(exchangeOf(call, attempt, outcome), redact))
  const url = new URL(call.url)
  const status = "result" in outcome ? String(outcome.result.status) : String(outcome.error.httpStatusCode ?? outcome.error.code)
  const line =
    `bnpl: ${call.endpoint} ${call.method} ${url.pathname}${url.search} ${status} ` +
    `${Date.now() - started} ms attempt ${attempt}` +
    (call.requestId ? ` requestId ${call.requestId}` : "")
  debug.call(options.logger, redact(line))
}

function exchangeOf(call: HttpCall, attempt: number, outcome: AttemptOutcome): DebugExchange {
  const url = new URL(call.url)
  const answer = "result" in outcome ? outcome.result : outcome.answer
  return {
    endpoint: call.endpoint,
    method: call.method,
    path: `${url.pathname}${url.search}`,
    attempt,
    request: { body: call.body, contentType: call.contentType },
    answer: answer && { status: answer.status, body: answer.text, contentType: answer.headers["content-type"] },
    failure: "error" in outcome ? outcome.error.message : undefined,
  }
}
