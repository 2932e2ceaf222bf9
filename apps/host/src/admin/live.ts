import type { PendingEntry, QuestionCoordinator } from '@parley/host'

/** Where the questions still waiting come from: this host, or every node of the cluster. */
export interface LiveQuestions {
  /** Pending questions, oldest first. */
  list(): Promise<readonly PendingEntry[]>
  get(rpcId: string): Promise<PendingEntry | undefined>
}

/**
 * One process: the host's own pending table. A cluster: the coordinator's
 * shared table, so a question asked on any node is listed on every node.
 */
export function liveQuestions(
  host: { pending(): readonly PendingEntry[] },
  coordinator: QuestionCoordinator | undefined,
): LiveQuestions {
  if (coordinator)
    return {
      list: () => coordinator.snapshot(() => true, null),
      get: (rpcId) => coordinator.get(rpcId),
    }
  return {
    list: async () => host.pending(),
    get: async (rpcId) => host.pending().find((entry) => entry.rpcId === rpcId),
  }
}
