import type { CSSProperties } from "react"

/** A kit button's floor size: WCAG 2.2 2.5.8 "Target Size (Minimum)", 24 by 24 CSS pixels. */
export const TARGET_SIZE: CSSProperties = Object.freeze({ minHeight: "24px", minWidth: "24px" })
