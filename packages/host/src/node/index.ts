/**
 * `@parley/host/node`: the host on Node's `http` server — WebSocket upgrades
 * (through `ws`) and a `(req, res, next)` handler — on top of everything
 * `@parley/host` exports.
 */
export * from '../index.ts'
export type { AttachOptions } from './adapter.ts'
export { createQuestionHost, type NodeQuestionHost } from './host.ts'
