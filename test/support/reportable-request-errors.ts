import axios, { type AxiosInstance } from "axios"

/**
 * Makes a refused request of the store's API fail a test with an error jest can report: the
 * method, path, status and body in its message, and the response kept (not enumerable) for
 * tests that read `error.response`. An AxiosError holds its socket, whose circular references
 * stop a jest worker from sending the failure to the parent: the worker crashed and jest ran
 * the whole file again, with no word of which test had failed.
 * Call it in a `beforeAll` after Medusa's runner has made `api`.
 */
export function reportRequestErrorsPlainly(api: AxiosInstance): void {
  api.interceptors.response.use(undefined, (error: unknown) => {
    if (!axios.isAxiosError(error)) return Promise.reject(error)
    const { config, response } = error
    const body = response ? JSON.stringify(response.data ?? null).slice(0, 500) : (error.code ?? error.message)
    const plain = new Error(
      `${config?.method?.toUpperCase() ?? "?"} ${config?.url ?? "?"} answered ${response?.status ?? "nothing"}: ${body}`,
    )
    plain.stack = `${plain.message}\n${(error.stack ?? "").split("\n").slice(1).join("\n")}`
    Object.defineProperty(plain, "response", { value: response, enumerable: false })
    return Promise.reject(plain)
  })
}
