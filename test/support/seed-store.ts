// The seed lives in the harness (harness/seed.ts), shared with the demo, bench and soak;
// the tests keep importing it from here.
export { seedStore, type SeededStore } from "../../harness/seed"
