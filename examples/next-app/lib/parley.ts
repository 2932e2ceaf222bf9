import { createQuestionHost, type QuestionHost } from '@parley/host'
import { createUserQuestionService, type UserQuestionService } from '@parley/seam'
import { allowedHosts } from './fences'

/** Who is asking. A real app reads its own session cookie in `authenticate`. */
interface User {
  id: string
}

interface Parley {
  host: QuestionHost<User>
  service: UserQuestionService
}

function createParley(): Parley {
  const host = createQuestionHost<User>({
    authenticate: () => ({ id: 'demo-user' }),
    canAccess: (_user, sessionId) => sessionId === 'demo',
    // Everyone is one demo user here, so a rebound page must not get in: name the hosts.
    allowedHosts,
  })
  const service = createUserQuestionService()
  service.registerProvider(host.provider)
  return { host, service }
}

// One host per server process. Next may evaluate this module once per route
// bundle (and again on every edit in `next dev`), so the instance lives on
// globalThis, the usual Next pattern for a process-wide singleton.
const key = Symbol.for('parley-example.next-app')
const scope = globalThis as typeof globalThis & { [key]?: Parley }

scope[key] ??= createParley()

/** The process-wide host and question service. */
export const parley: Parley = scope[key]
