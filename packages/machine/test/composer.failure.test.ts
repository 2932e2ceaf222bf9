import { describe, expect, it } from 'vitest'
import { statusText, type TransportFailure, transition } from '../src/index.ts'
import { stateIn } from './fixtures.ts'
import { labels } from './vanilla-renderer.ts'

const format = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))

function failWith(failure?: TransportFailure) {
  const [state] = transition(stateIn('submitting'), {
    type: 'TRANSPORT_FAILED',
    message: 'TypeError: Failed to fetch',
    ...(failure && { failure }),
  })
  return state
}

describe('a transport failure is kept as data and shown by its kind', () => {
  it('the failure kind and the raw text are both in the state', () => {
    expect(failWith({ kind: 'http', status: 503 }).feedback).toEqual({
      kind: 'text',
      text: 'TypeError: Failed to fetch',
      failure: { kind: 'http', status: 503 },
    })
  })

  it.each([
    [{ kind: 'network' }, 'Could not send: the server cannot be reached.'],
    [{ kind: 'http', status: 503 }, 'Could not send: the server refused it (HTTP 503).'],
    [{ kind: 'bad-receipt' }, 'Could not send: the reply could not be read.'],
    [{ kind: 'unknown' }, 'Could not send: something went wrong.'],
    [undefined, 'Could not send: something went wrong.'],
  ] satisfies [TransportFailure | undefined, string][])(
    'the status region shows %j in words, never the raw text',
    (failure, shown) => {
      const status = statusText(labels, format, failWith(failure))
      expect(status).toEqual({ text: shown, tone: 'error' })
    },
  )
})
