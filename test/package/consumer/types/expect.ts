// Type assertions: `exact<A, B>()` compiles only if A and B are the same type (and neither is any).
type IsAny<T> = 0 extends 1 & T ? true : false;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export function exact<A, B>(..._proof: IsAny<A> extends true ? ['is any'] : Same<A, B> extends true ? [] : ['differs']): void {}

/** Compiles only if T is not any. */
export function notAny<T>(_value: T, ..._proof: IsAny<T> extends true ? ['is any'] : []): void {}
