/**
 * Where the cluster flow's demo runs (`playwright.cluster.config.ts`): the
 * round-robin proxy on `E2E_CLUSTER_PORT` (4480 unless set) and three nodes
 * on the next three ports.
 */
export const proxyPort = Number(process.env.E2E_CLUSTER_PORT ?? 4480)
export const nodePorts = [proxyPort + 1, proxyPort + 2, proxyPort + 3] as const
export const proxyOrigin = `http://127.0.0.1:${proxyPort}`
export const nodeOrigins = nodePorts.map((port) => `http://127.0.0.1:${port}`)
/** What the proxy's `x-parley-node` header says for each node. */
export const nodeNames = nodePorts.map((port) => `127.0.0.1:${port}`)
