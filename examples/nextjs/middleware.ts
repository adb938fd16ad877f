import { NextResponse, type NextRequest } from "next/server"

/**
 * Every page lives under `/[countryCode]`, as in Medusa's starters. A path without a known
 * country (the plugin's default `/checkout?...` or `/order/...`) is redirected to the default
 * country with its query string kept.
 */
const COUNTRIES = (process.env.STOREFRONT_COUNTRIES ?? "gb,de,fr,es,it,nl").split(",")
const DEFAULT_COUNTRY = process.env.STOREFRONT_DEFAULT_COUNTRY ?? "gb"

export function middleware(request: NextRequest) {
  const first = request.nextUrl.pathname.split("/")[1]?.toLowerCase()
  if (first && COUNTRIES.includes(first)) return NextResponse.next()
  const url = request.nextUrl.clone()
  url.pathname = `/${DEFAULT_COUNTRY}${request.nextUrl.pathname === "/" ? "" : request.nextUrl.pathname}`
  return NextResponse.redirect(url, 307)
}

export const config = {
  matcher: ["/((?!_next/|favicon.ico).*)"],
}
