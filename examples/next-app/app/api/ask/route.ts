import { UserQuestionError } from '@parley/seam'
import { refuseForeign } from '@/lib/fences'
import { parley } from '@/lib/parley'
import { sampleQuestions } from '../../sample-request'

// Stands in for the agent: POST /api/ask asks the sample question in session
// `demo` and replies with the answer once a tab sends one (or the error code).
// It starts work, so it has the host's fences: Host, Origin, JSON.
export async function POST(request: Request): Promise<Response> {
  const refused = refuseForeign(request)
  if (refused) return refused
  try {
    const answer = await parley.service.ask({
      sessionId: 'demo',
      questions: sampleQuestions,
      timeoutMs: 60_000,
      signal: request.signal,
    })
    return Response.json({ ok: true, answer })
  } catch (error) {
    if (error instanceof UserQuestionError)
      return Response.json({ ok: false, code: error.code }, { status: 409 })
    throw error
  }
}
