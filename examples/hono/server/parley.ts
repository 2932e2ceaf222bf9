import { createQuestionHost, type QuestionHost } from '@parley/host'
import { createUserQuestionService, type UserQuestionService } from '@parley/seam'
import { allowedHosts } from './fences.js'

/** Who is asking. A real app reads its own session cookie in `authenticate`. */
export interface User {
  id: string
}

/** The host the routes hand requests to, and the service the agent asks through. */
export interface Parley {
  host: QuestionHost<User>
  service: UserQuestionService
}

/** One host and one question service, with the host registered as the provider. */
export function createParley(): Parley {
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
