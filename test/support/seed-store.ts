// The seed lives with the demo (demo/seed.ts) so that `npm run demo` does not import from
// test/; the tests keep importing it from here.
export { seedStore, type SeededStore } from "../../demo/seed"
