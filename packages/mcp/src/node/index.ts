export {
  createStreamableHttpHandler,
  type StreamableHttpHandler,
  type StreamableHttpHandlerOptions,
} from './http.ts'
export { type McpServerLike, type StdioStreams, serveOverStdio } from './stdio.ts'
