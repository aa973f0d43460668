export { createSandbox, type Sandbox } from './app';
export type { SandboxOptions } from './config';
export { ERROR_CODES, type ErrorCode } from './errors';
export { FAILURE_MESSAGES, OUTCOME_RULES, outcomeFor, type OutcomeRule } from './outcomes';
