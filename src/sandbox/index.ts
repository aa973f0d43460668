export { createSandbox, type Sandbox } from './app';
export type { RateLimit, SandboxOptions } from './config';
export type { SandboxBindings } from './env';
export { ERROR_CODES, type ErrorCode } from './errors';
export type { FaultControl, FaultHit, FaultRuleView } from './faults/control';
export { FAULT_KINDS, type FaultKind, type FaultPhase, type FaultRuleInput } from './faults/rules';
export { FAILURE_MESSAGES, OUTCOME_RULES, outcomeFor, type OutcomeRule } from './outcomes';
export type { ConfirmCounts, SandboxStats } from './stats';
