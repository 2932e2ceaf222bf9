import { afterAll, beforeAll, describe, it } from 'vitest'
import { type Demo, startDemo } from './demo.ts'
import { fences, noOracles, revocationByEviction } from './hostile/access.ts'
import { boundedValidation, sigtermDuringUpload } from './hostile/bounds.ts'
import { hugeTimeouts, replayPastSendCap, slowClients, streamFloods } from './hostile/capacity.ts'
import { cookieVariants, rotatingForgeries, signingSecret } from './hostile/identity.ts'
import { malformedTargets, refusedUpgrades } from './hostile/requests.ts'
import type { Hostile } from './hostile/support.ts'
import { patternsInLinearTime, validationBurst } from './hostile/validation-cost.ts'
import { createLedger } from './ledger.ts'
import { recordPart, writeResults } from './report.ts'

const ledger = createLedger()
let demo: Demo
const attack = (run: (context: Hostile) => Promise<void>) => () => run({ demo, ledger })

beforeAll(async () => {
  demo = await startDemo()
})

afterAll(async () => {
  await demo?.close()
  recordPart({
    id: '6-hostile',
    title: 'Hostile requests',
    expectation:
      'A penetration tester on loopback against the demo host and `@parley/host`: malformed request targets and upgrades, every cookie variant (forged, tampered, duplicated, conflicting, cross-site), forged cookies rotated past the rate limit, a replay larger than the send buffer, connection floods, slowloris headers and bodies, huge timeouts, revocation by eviction, existence oracles, origin and content-type fences, unbounded validation output and its cost (a burst of large bad bodies), answers to patterns that backtrack exponentially in a backtracking engine, SIGTERM during an upload. Every request gets a status, never a hang or a dropped process; the host stays alive after every batch.',
    figures: ledger.figures,
    failures: ledger.failures,
  })
  writeResults()
})

describe('hostile requests', () => {
  it(
    'answers every malformed request target with 400 or 404 and stays up',
    attack(malformedTargets),
  )
  it(
    'refuses malformed and foreign upgrades with a status and closes the socket',
    attack(refusedUpgrades),
  )
  it(
    'treats every cookie variant as its principal, a forgery, or a conflict',
    attack(cookieVariants),
  )
  it(
    'accepts a token on a server with the same secret and refuses it under another',
    attack(signingSecret),
  )
  it('rate-limits POSTs that rotate a fresh forged cookie each time', attack(rotatingForgeries))
  it(
    'replays pending questions larger than the send buffer in full, then says ready',
    attack(replayPastSendCap),
  )
  it(
    'refuses WebSockets and SSE streams past 32 per principal with 429, and frees closed slots',
    attack(streamFloods),
  )
  it(
    'cuts a slowloris client at the headers timeout and a dribbling body at the body timeout',
    attack(slowClients),
  )
  it('keeps a 30-day ask pending and times a 50 ms ask out', attack(hugeTimeouts))
  it(
    'stops a narrowed stream from carrying a session once its access is revoked by eviction',
    attack(revocationByEviction),
  )
  it("gives no oracle for another principal's questions, sessions or asks", attack(noOracles))
  it('fences a foreign scheme, a form-typed abort, and sniffing on every reply', attack(fences))
  it(
    'bounds validation output for a body crafted to produce thousands of issues',
    attack(boundedValidation),
  )
  it('exits 0 on SIGTERM while an upload dribbles', attack(sigtermDuringUpload))
  it(
    'refuses answers to patterns that backtrack exponentially elsewhere at once, a bystander unhindered',
    attack(patternsInLinearTime),
  )
  it(
    'grows at most 16× the bytes of a burst of bodies built for thousands of issues, a bystander answered within 1 s',
    attack(validationBurst),
  )
})
