import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { createHostCore } from '../core.ts'
import { hostOn, type QuestionHost } from '../host.ts'
import type { QuestionHostOptions } from '../types.ts'
import { type AttachOptions, createNodeAdapter } from './adapter.ts'

/** The host on Node: everything {@link QuestionHost} does, plus Node's `http` server and WebSockets. */
export interface NodeQuestionHost<P = unknown> extends QuestionHost<P> {
  /**
   * Answers WebSocket upgrades on `server`: the mux path is admitted, a
   * target that does not parse is answered 400, and (by default) any other
   * path 404, each refused socket closed. Returns the detach function.
   */
  attach(server: Server, options?: AttachOptions): () => void
  /**
   * Handles one `upgrade` event yourself. Returns `false` (and touches
   * nothing) when the path is not the mux path; a target that does not
   * parse is answered 400 (and counts as handled).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /**
   * Node `http` handler for `POST respondPath`, the SSE `GET muxPath` and the
   * mux probe `POST muxPath`. Other requests go to `next`, or get 404 without
   * it. Mount it before any body parser: it reads the respond body itself.
   */
  handleRequest(request: IncomingMessage, response: ServerResponse, next?: () => void): void
}

/** Creates the host for a Node server. See the package README for the routes and the options. */
export function createQuestionHost<P>(options: QuestionHostOptions<P>): NodeQuestionHost<P> {
  const core = createHostCore(options)
  const node = createNodeAdapter(core)
  return {
    ...hostOn(core, () => node.close()),
    attach: node.attach,
    handleUpgrade: node.handleUpgrade,
    handleRequest: node.handleRequest,
  }
}
