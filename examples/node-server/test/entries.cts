// Type-checked (never run) as a CommonJS file (`.cts`, `module: node20`):
// TypeScript ≥ 5.8 lets CommonJS require an ES module, as Node ≥ 20.19 does.
import hostNode = require('@parley/host/node')
import seam = require('@parley/seam')
import wire = require('@parley/seam/wire')
import parleyTool = require('@parley/tool')

const service = seam.createUserQuestionService()
const host = hostNode.createQuestionHost<string>({
  authenticate: () => 'someone',
  canAccess: () => true,
})
service.registerProvider(host.provider)
const tool = parleyTool.createAskUserQuestionTool(service)

function check(): boolean {
  return seam.isUserQuestionError(tool) || wire.parseRespondBody({}).ok
}

export = { check }
