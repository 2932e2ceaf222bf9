/**
 * The token the e2e demo hosts run with (`PARLEY_ADMIN_TOKEN`, set by both
 * Playwright configs), in a module of its own so the configs import nothing else.
 */
export const E2E_ADMIN_TOKEN = 'e2e-operator-token-0123456789'
