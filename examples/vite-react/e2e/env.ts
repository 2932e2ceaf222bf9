/** Shared by playwright.config.ts and the tests; scripts/test.mjs sets them. */
export const PORT = Number(process.env.PARLEY_E2E_PORT ?? 4317)
export const BASE_URL = `http://127.0.0.1:${PORT}`
export const TOKEN = process.env.PARLEY_E2E_TOKEN ?? 'vite-react-example-e2e-token'
/** The React version the page must report (scripts/test.mjs runs 19 and 18). */
export const EXPECTED_REACT = process.env.PARLEY_EXPECT_REACT ?? '19.3.1'
