import type { CSSProperties } from "react"

/**
 * The least a kit button measures, whatever the storefront's classes: WCAG 2.2's 2.5.8 "Target
 * Size (Minimum)", 24 by 24 CSS pixels (an unstyled button is about 21 px high). A floor only:
 * the storefront's own padding and sizes apply above it.
 */
export const TARGET_SIZE: CSSProperties = Object.freeze({ minHeight: "24px", minWidth: "24px" })
