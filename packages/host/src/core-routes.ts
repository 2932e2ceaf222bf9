import type { AmendReceipt, ExtendReceipt, RespondReceipt } from '@parley/seam/wire'
import type { Amendments } from './amend.ts'
import { handleAmend } from './amend-route.ts'
import type { AskRegistry } from './ask-registry.ts'
import type { AskWatch, EndContext } from './ask-watch.ts'
import type { ClusterWiring } from './core-cluster.ts'
import type { HostSettings } from './core-options.ts'
import type { Route } from './core-streams.ts'
import { handleExtend } from './extend.ts'
import { type Refusal, refusal } from './refusals.ts'
import { type BodyReader, handleRespond, type Reply, type RespondDeps } from './respond.ts'
import type { Settlement } from './settlement.ts'
import type { HostRequest, QuestionHostOptions } from './types.ts'

/** The refusal of a request whose target does not parse. */
export const BAD_TARGET: Refusal = refusal('BAD_REQUEST_TARGET')

/** What the routes act on: the asks, the amendments and the cluster's lookups and clocks. */
export interface RouteDeps {
  asks: AskRegistry
  amends: Amendments
  cluster: ClusterWiring
  repeated?: RespondDeps<unknown>['repeated']
  watch: AskWatch | undefined
}

/** The HTTP routes of a host besides the mux: respond, amend and extend. */
export interface HostRoutes {
  /** The route of a request with this path and method. */
  route(path: string, method: string): Route
  /** `POST respondPath`, and `POST amendPath`. */
  respond(request: HostRequest, readBody: BodyReader): Promise<Reply<RespondReceipt | AmendReceipt>>
  /** `POST extendPath`: more time for a pending question. */
  extend(request: HostRequest, readBody: BodyReader): Promise<Reply<ExtendReceipt>>
}

/** The routes of a host, over its asks and amendments. */
export function createHostRoutes<P>(
  options: QuestionHostOptions<P>,
  settings: HostSettings<P>,
  deps: RouteDeps,
): HostRoutes {
  const { paths, store } = settings
  const { asks, amends } = deps
  const respondDeps = {
    authenticate: options.authenticate,
    canAccess: options.canAccess,
    allowedOrigins: options.allowedOrigins,
    report: settings.report,
    maxBodyBytes: settings.maxBodyBytes,
    bodyTimeoutMs: settings.bodyTimeoutMs,
    lookup: deps.cluster.lookup,
    settle(
      rpcId: string,
      settlement: Settlement,
      responseId?: string,
      context?: EndContext,
    ): boolean | Promise<boolean> {
      const entry = store.get(rpcId)
      const settled = asks.settle(rpcId, settlement, responseId, context)
      if (typeof settled !== 'boolean') return settled
      // An answer the ask lets the user change opens its amendment window.
      if (settled && entry && settlement.outcome === 'answered')
        amends.opened(entry, settlement.answer)
      return settled
    },
    repeated: deps.repeated,
    now: settings.now,
    amends,
    watch: deps.watch,
  }
  return {
    route(path, method) {
      if (path === paths.respond || path === paths.amend) return 'respond'
      if (path === paths.extend) return 'extend'
      if (path !== paths.mux) return 'other'
      if (method === 'GET') return 'event-stream'
      return method === 'POST' ? 'probe' : 'other'
    },
    respond(request, readBody) {
      if (request.url.pathname === paths.amend) return handleAmend(respondDeps, request, readBody)
      return handleRespond(respondDeps, request, readBody)
    },
    extend(request, readBody) {
      return handleExtend({ ...respondDeps, extend: deps.cluster.extend }, request, readBody)
    },
  }
}
