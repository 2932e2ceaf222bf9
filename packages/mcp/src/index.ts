export {
  type ElicitationForm,
  type ElicitationLabels,
  toElicitationForm,
} from './elicitation.mapping.ts'
export {
  type ElicitationContent,
  type ElicitationProperty,
  ElicitationPropertySchema,
  type FormElicitationParams,
  FormElicitationParamsSchema,
} from './elicitation.schema.ts'
export { type ElicitationHandlerOptions, registerElicitationHandler } from './elicitation.ts'
export { humanPacedCallTool } from './human-paced-call.ts'
export { type HumanPacedRequestOptions, humanPacedRequestOptions } from './request-options.ts'
export {
  type AskUserQuestionMcpCall,
  type AskUserQuestionMcpServerOptions,
  askUserQuestionMcpTool,
  createAskUserQuestionMcpServer,
} from './server.ts'
