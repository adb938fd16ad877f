// Medusa's store API as a storefront calls it: every request carries the publishable key.
// The plugin adds only GET /store/bnpl/eligibility; the rest is standard Medusa.
window.medusa = (() => {
  const { storeUrl, publishableKey } = window.DEMO

  // A refusal throws Medusa's own message with the answer's `status`; no answer at all throws
  // with `status` 0, for the page to say the store could not be reached.
  async function call(method, path, body) {
    const response = await fetch(storeUrl + path, {
      method,
      headers: { "content-type": "application/json", "x-publishable-api-key": publishableKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error) => {
      throw Object.assign(new Error(`${method} ${path}: ${error.message}`), { status: 0 })
    })
    const data = await response.json().catch(() => ({}))
    if (!response.ok)
      throw Object.assign(new Error(data.message || `${method} ${path} answered ${response.status}`), { status: response.status })
    return data
  }

  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body || {}),
  }
})()
