/** Shared by playwright.config.ts and the tests. */
export const PORT = Number(process.env.PARLEY_E2E_PORT ?? 4327)
export const BASE_URL = `http://127.0.0.1:${PORT}`
